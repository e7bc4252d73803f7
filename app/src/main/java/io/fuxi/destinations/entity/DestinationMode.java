package io.fuxi.destinations.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** Whether only allow-listed hosts may be linked to (the one row of destination_mode). */
@Entity
@Table(name = "destination_mode")
public class DestinationMode {

    public static final int ID = 1;

    @Id
    private int id;

    @Column(name = "allow_list")
    private boolean allowList;

    protected DestinationMode() {}

    public boolean allowList() {
        return allowList;
    }

    public void allowList(boolean allowList) {
        this.allowList = allowList;
    }
}
