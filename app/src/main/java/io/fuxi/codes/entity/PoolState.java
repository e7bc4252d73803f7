package io.fuxi.codes.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** The pool's single row of counters: what is loaded, what has been handed out, where the permutation stands. */
@Entity
@Table(name = "code_pool_state")
public class PoolState {

    public static final int ID = 1;

    @Id
    private int id;

    /** Every sequence number up to this one has its code row. */
    @Column(name = "loaded_seq")
    private long loadedSeq;

    /** The next sequence number no node has reserved yet. */
    @Column(name = "next_seq")
    private long nextSeq;

    @Column(name = "next_index")
    private long nextIndex;

    protected PoolState() {}

    public long loadedSeq() {
        return loadedSeq;
    }

    public long nextSeq() {
        return nextSeq;
    }

    public long remaining() {
        return Math.max(0, loadedSeq - nextSeq + 1);
    }
}
