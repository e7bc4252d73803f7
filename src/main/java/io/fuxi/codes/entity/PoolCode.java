package io.fuxi.codes.entity;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/** One row of the pre-shuffled code table: link number {@code seq} gets {@code code}. */
@Entity
@Table(name = "code_pool")
@NamedQuery(
        name = PoolCode.IN_RANGE,
        query = "select p.code from PoolCode p where p.seq between :first and :last order by p.seq")
public class PoolCode {

    public static final String IN_RANGE = "PoolCode.inRange";

    @Id
    private long seq;

    private String code;

    protected PoolCode() {}
}
