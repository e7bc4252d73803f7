package io.fuxi.domains.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;

/** A short domain besides the default one; links bound to it carry its id (the default domain's is 0). */
@Entity
@Table(name = "domain")
@NamedQuery(name = Domain.ALL, query = "select d from Domain d order by d.host")
@NamedQuery(name = Domain.BY_HOST, query = "select d from Domain d where d.host = :host")
public class Domain {

    public static final String ALL = "Domain.all";
    public static final String BY_HOST = "Domain.byHost";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private int id;

    private String host;

    /** Null: what the default domain's root answers. */
    @Column(name = "root_url")
    private String rootUrl;

    /** Null: the 404 page. */
    @Column(name = "not_found_url")
    private String notFoundUrl;

    /** Null: the page of a link that does not answer (its own fallback URL first). */
    @Column(name = "fallback_url")
    private String fallbackUrl;

    @Column(name = "created_at")
    private Instant createdAt;

    protected Domain() {}

    public Domain(String host, Instant createdAt) {
        this.host = host;
        this.createdAt = createdAt;
    }

    public void changeRootUrl(String rootUrl) {
        this.rootUrl = rootUrl;
    }

    public void changeNotFoundUrl(String notFoundUrl) {
        this.notFoundUrl = notFoundUrl;
    }

    public void changeFallbackUrl(String fallbackUrl) {
        this.fallbackUrl = fallbackUrl;
    }

    public int id() {
        return id;
    }

    public String host() {
        return host;
    }

    public String rootUrl() {
        return rootUrl;
    }

    public String notFoundUrl() {
        return notFoundUrl;
    }

    public String fallbackUrl() {
        return fallbackUrl;
    }

    public Instant createdAt() {
        return createdAt;
    }
}
