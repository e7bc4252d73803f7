package io.fuxi.security.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;

/** A partner's or an admin's API key. Only the SHA-256 of the secret is kept. */
@Entity
@Table(name = "api_key")
@NamedQuery(name = ApiKey.ACTIVE_BY_HASH,
        query = "select k from ApiKey k where k.secretHash = :hash and k.revokedAt is null")
@NamedQuery(name = ApiKey.COUNT, query = "select count(k) from ApiKey k")
public class ApiKey {

    public static final String ACTIVE_BY_HASH = "ApiKey.activeByHash";
    public static final String COUNT = "ApiKey.count";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private long id;

    private String name;

    @Column(name = "secret_hash")
    private String secretHash;

    @Enumerated(EnumType.STRING)
    private Role role;

    @Column(name = "created_at")
    private Instant createdAt;

    @Column(name = "revoked_at")
    private Instant revokedAt;

    protected ApiKey() {
    }

    public ApiKey(String name, String secretHash, Role role, Instant createdAt) {
        this.name = name;
        this.secretHash = secretHash;
        this.role = role;
        this.createdAt = createdAt;
    }

    public long id() {
        return id;
    }

    public Role role() {
        return role;
    }
}
