package io.fuxi.links.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A short link: its code (generated or an alias), the long URL it leads to, and when it stops working. */
@Entity
@Table(name = "link")
public class Link {

    @Id
    private String code;

    private String url;

    @Column(name = "owner_key_id")
    private long ownerKeyId;

    @Column(name = "created_at")
    private Instant createdAt;

    @Column(name = "expires_at")
    private Instant expiresAt;

    protected Link() {
    }

    public Link(String code, String url, long ownerKeyId, Instant createdAt, Instant expiresAt) {
        this.code = code;
        this.url = url;
        this.ownerKeyId = ownerKeyId;
        this.createdAt = createdAt;
        this.expiresAt = expiresAt;
    }

    public String code() {
        return code;
    }

    public String url() {
        return url;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant expiresAt() {
        return expiresAt;
    }
}
