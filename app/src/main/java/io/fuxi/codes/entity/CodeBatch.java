package io.fuxi.codes.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;

/** A batch of generated codes: permutation positions [firstIndex, firstIndex + size) loaded as seqs [firstSeq, ...). */
@Entity
@Table(name = "code_batch")
@NamedQuery(name = CodeBatch.RECENT, query = "select b from CodeBatch b order by b.id desc")
public class CodeBatch {

    public static final String RECENT = "CodeBatch.recent";

    @Id
    private long id;

    @Column(name = "first_seq")
    private long firstSeq;

    @Column(name = "first_index")
    private long firstIndex;

    private long size;

    private long loaded;

    @Column(name = "created_at")
    private Instant createdAt;

    @Column(name = "finished_at")
    private Instant finishedAt;

    protected CodeBatch() {}

    public long id() {
        return id;
    }

    public long firstSeq() {
        return firstSeq;
    }

    public long size() {
        return size;
    }

    public long loaded() {
        return loaded;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant finishedAt() {
        return finishedAt;
    }
}
