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
import java.util.List;
import org.hibernate.annotations.DynamicUpdate;

/**
 * A partner's or an admin's API key. Only the SHA-256 of the secret is kept. An update writes only the columns it
 * changed: a revocation that wrote the whole row would put back the last use it loaded, losing one that {@link #TOUCH}
 * recorded in the meantime.
 */
@Entity
@DynamicUpdate
@Table(name = "api_key")
@NamedQuery(
        name = ApiKey.ACTIVE_BY_HASH,
        query = "select k from ApiKey k where k.secretHash = :hash and k.revokedAt is null")
@NamedQuery(name = ApiKey.ACTIVE_HASHES, query = "select k.secretHash from ApiKey k where k.revokedAt is null")
@NamedQuery(name = ApiKey.COUNT, query = "select count(k) from ApiKey k")
@NamedQuery(name = ApiKey.ALL, query = "select k from ApiKey k order by k.id")
@NamedQuery(
        name = ApiKey.ACTIVE_ADMINS,
        query =
                "select count(k) from ApiKey k where k.role = io.fuxi.security.entity.Role.ADMIN and k.revokedAt is null")
@NamedQuery(name = ApiKey.TOUCH, query = "update ApiKey k set k.lastUsedAt = :now where k.id = :id")
public class ApiKey {

    public static final String ACTIVE_BY_HASH = "ApiKey.activeByHash";
    public static final String ACTIVE_HASHES = "ApiKey.activeHashes";
    public static final String COUNT = "ApiKey.count";
    public static final String ALL = "ApiKey.all";
    public static final String ACTIVE_ADMINS = "ApiKey.activeAdmins";
    public static final String TOUCH = "ApiKey.touch";

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

    @Column(name = "last_used_at")
    private Instant lastUsedAt;

    @Column(name = "rate_limit_per_minute")
    private Integer rateLimitPerMinute;

    /** The hosts of the domains it may put links on, separated by spaces; null: every domain. */
    private String domains;

    protected ApiKey() {}

    public ApiKey(String name, String secretHash, Role role, Instant createdAt, Integer rateLimitPerMinute) {
        this.name = name;
        this.secretHash = secretHash;
        this.role = role;
        this.createdAt = createdAt;
        this.rateLimitPerMinute = rateLimitPerMinute;
    }

    /** @param domains the hosts of the domains it may put links on; null: every domain */
    public void restrictToDomains(List<String> domains) {
        this.domains = domains == null ? null : String.join(" ", domains);
    }

    /** The hosts of the domains it may put links on; null: every domain. */
    public List<String> domains() {
        return domains == null ? null : domains.isEmpty() ? List.of() : List.of(domains.split(" "));
    }

    public long id() {
        return id;
    }

    public Role role() {
        return role;
    }

    public String name() {
        return name;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant revokedAt() {
        return revokedAt;
    }

    public Instant lastUsedAt() {
        return lastUsedAt;
    }

    public Integer rateLimitPerMinute() {
        return rateLimitPerMinute;
    }

    public boolean isActiveAdmin() {
        return role == Role.ADMIN && revokedAt == null;
    }

    public void revoke(Instant when) {
        if (revokedAt == null) {
            revokedAt = when;
        }
    }
}
