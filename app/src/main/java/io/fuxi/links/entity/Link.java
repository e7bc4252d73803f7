package io.fuxi.links.entity;

import io.fuxi.platform.hash.Sha256;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;

/** A short link: its code (generated or an alias), the long URL it leads to, and when it stops working. */
@Entity
@Table(name = "link")
@NamedQuery(name = Link.TAKEN_CODES, query = "select l.code from Link l where l.code in :codes")
@NamedQuery(
        name = Link.BY_OWNER,
        query = "select l from Link l where l.ownerKeyId = :owner order by l.createdAt desc, l.code desc")
public class Link {

    public static final String TAKEN_CODES = "Link.takenCodes";
    public static final String BY_OWNER = "Link.byOwner";

    @Id
    private String code;

    private String url;

    @Column(name = "url_hash")
    private byte[] urlHash;

    @Column(name = "owner_key_id")
    private long ownerKeyId;

    @Column(name = "created_at")
    private Instant createdAt;

    @Column(name = "expires_at")
    private Instant expiresAt;

    private boolean enabled = true;

    /** Null: the configured default (fuxi.redirect.status). */
    @Column(name = "redirect_status")
    private Integer redirectStatus;

    /** Null: the configured default (fuxi.redirect.forward-query). */
    @Column(name = "forward_query")
    private Boolean forwardQuery;

    /** Its tags, separated by spaces (see Tags); null for none. */
    private String tags;

    /** Null: valid from its creation. */
    @Column(name = "valid_since")
    private Instant validSince;

    /** Null: no limit. */
    @Column(name = "max_visits")
    private Integer maxVisits;

    /** Visits by people counted against max_visits (only a limited link's); written by the redirect's own UPDATE. */
    @Column(name = "visits", insertable = false, updatable = false)
    private int visits;

    /** Null: an error page where the link does not answer. */
    @Column(name = "fallback_url")
    private String fallbackUrl;

    /** The domain it answers on; 0: the default domain. */
    @Column(name = "domain_id")
    private int domainId;

    /** Null: no password; else the password salted and hashed (never the password itself). */
    @Column(name = "password_hash")
    private String passwordHash;

    /** Who made the link (an API key or a console account); written by the create's insert, null for older links. */
    @Column(name = "created_by", insertable = false, updatable = false)
    private String createdBy;

    protected Link() {}

    public Link(
            String code,
            String url,
            long ownerKeyId,
            Instant createdAt,
            Instant expiresAt,
            Integer redirectStatus,
            Boolean forwardQuery) {
        this.code = code;
        changeUrl(url);
        this.ownerKeyId = ownerKeyId;
        this.createdAt = createdAt;
        this.expiresAt = expiresAt;
        this.redirectStatus = redirectStatus;
        this.forwardQuery = forwardQuery;
    }

    public static byte[] hashOf(String url) {
        return Arrays.copyOf(Sha256.of(url.getBytes(StandardCharsets.US_ASCII)), 16);
    }

    public void changeUrl(String url) {
        this.url = url;
        this.urlHash = hashOf(url);
    }

    public void changeExpiry(Instant expiresAt) {
        this.expiresAt = expiresAt;
    }

    public void enable(boolean enabled) {
        this.enabled = enabled;
    }

    public void changeRedirectStatus(Integer redirectStatus) {
        this.redirectStatus = redirectStatus;
    }

    public void changeForwardQuery(Boolean forwardQuery) {
        this.forwardQuery = forwardQuery;
    }

    /** Its tags as the row keeps them: separated by spaces, null for none. */
    public void changeTags(String tags) {
        this.tags = tags;
    }

    public void changeValidSince(Instant validSince) {
        this.validSince = validSince;
    }

    public void changeMaxVisits(Integer maxVisits) {
        this.maxVisits = maxVisits;
    }

    public void changeFallbackUrl(String fallbackUrl) {
        this.fallbackUrl = fallbackUrl;
    }

    /** @param passwordHash the password as hashed for storage; null: none */
    public void changePasswordHash(String passwordHash) {
        this.passwordHash = passwordHash;
    }

    public void moveToDomain(int domainId) {
        this.domainId = domainId;
    }

    public boolean isOwnedBy(long keyId) {
        return ownerKeyId == keyId;
    }

    public String code() {
        return code;
    }

    public long ownerKeyId() {
        return ownerKeyId;
    }

    public String url() {
        return url;
    }

    public byte[] urlHash() {
        return urlHash.clone();
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant expiresAt() {
        return expiresAt;
    }

    public boolean enabled() {
        return enabled;
    }

    public Integer redirectStatus() {
        return redirectStatus;
    }

    public Boolean forwardQuery() {
        return forwardQuery;
    }

    /** Its tags, separated by spaces; null for none. */
    public String tags() {
        return tags;
    }

    public Instant validSince() {
        return validSince;
    }

    public Integer maxVisits() {
        return maxVisits;
    }

    public int visits() {
        return visits;
    }

    public String fallbackUrl() {
        return fallbackUrl;
    }

    public String passwordHash() {
        return passwordHash;
    }

    public int domainId() {
        return domainId;
    }

    /** Who made the link, as loaded from its row: empty for a link made before this was kept (ADR 36). */
    public Optional<String> createdBy() {
        return Optional.ofNullable(createdBy);
    }
}
