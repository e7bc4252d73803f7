package io.fuxi.destinations.entity;

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

/**
 * A host (a name and its subdomains, or an IP address) that links may not lead to (BLOCK), or, in allow-list mode, may
 * lead to (ALLOW). Rules added before hosts were normalised may hold another spelling; RuleSet reads them respelled.
 */
@Entity
@Table(name = "destination_rule")
@NamedQuery(name = DestinationRule.ALL, query = "select r from DestinationRule r order by r.id")
public class DestinationRule {

    public static final String ALL = "DestinationRule.all";

    public enum Kind {
        BLOCK,
        ALLOW
    }

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private long id;

    private String host;

    @Enumerated(EnumType.STRING)
    private Kind kind;

    private String note;

    @Column(name = "created_at")
    private Instant createdAt;

    protected DestinationRule() {}

    public DestinationRule(String host, Kind kind, String note, Instant createdAt) {
        this.host = host;
        this.kind = kind;
        this.note = note;
        this.createdAt = createdAt;
    }

    public long id() {
        return id;
    }

    public String host() {
        return host;
    }

    public Kind kind() {
        return kind;
    }

    public String note() {
        return note;
    }

    public Instant createdAt() {
        return createdAt;
    }
}
