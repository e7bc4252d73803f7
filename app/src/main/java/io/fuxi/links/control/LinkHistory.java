package io.fuxi.links.control;

import io.fuxi.domains.boundary.Domains;
import io.fuxi.links.boundary.HistoryEntry;
import io.fuxi.links.entity.Link;
import io.fuxi.platform.database.RowInserts;
import io.fuxi.platform.rest.Jsons;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.io.StringReader;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * Writes and reads link_history in the caller's transaction, so a change and its record are committed together or
 * not at all. Rows go in through {@link RowInserts}. A link made since ADR 36 has no row for its creation.
 */
@Dependent
public class LinkHistory {

    /** A one-row INSERT of link_history, for {@link RowInserts}. */
    public static final String INSERT = "INSERT INTO link_history"
            + " (code, link_created_at, at, actor, action, before_fields, after_fields) VALUES (?, ?, ?, ?, ?, ?, ?)";

    /** The newest entries a read returns. */
    public static final int MOST_READ = 1000;

    @PersistenceContext
    EntityManager em;

    @Inject
    Domains domains;

    /**
     * Records a change from the fields as they were to the fields as they are ({@link LinkFields}); nothing when no
     * field changed.
     */
    public void changed(Link link, JsonObject before, JsonObject after, String actor, Instant at) {
        JsonObject was = LinkFields.changed(before, after);
        if (was.isEmpty()) {
            return;
        }
        String action = was.keySet().equals(Set.of("enabled")) ? (link.enabled() ? "enabled" : "disabled") : "changed";
        RowInserts.insert(
                em,
                INSERT,
                Collections.singletonList(row(link, actor, at, action, was, LinkFields.changed(after, before))));
    }

    /**
     * Records a delete with the link's last fields, and drops the link's earlier rows: what stays of a deleted link is
     * who deleted it, when, and what it was, until the purge removes it after fuxi.links.history-retention-days.
     */
    public void deleted(Link link, String actor, Instant at) {
        em.createNativeQuery("DELETE FROM link_history WHERE code = ? AND link_created_at = ?")
                .setParameter(1, link.code())
                .setParameter(2, link.createdAt())
                .executeUpdate();
        RowInserts.insert(
                em,
                INSERT,
                Collections.singletonList(row(link, actor, at, "deleted", LinkFields.of(link, domainOf(link)), null)));
    }

    /**
     * The link's history, oldest first (at most the newest {@link #MOST_READ} entries). A link made since ADR 36 has no
     * row for its creation: the entry is made from who made it (its row's created_by) and its fields now with every
     * recorded change undone, newest first.
     */
    public List<HistoryEntry> of(Link link) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(
                        "SELECT DATE_FORMAT(at, '%Y-%m-%dT%H:%i:%s.%fZ'), actor, action, before_fields, after_fields"
                                + " FROM link_history"
                                + " WHERE code = ? AND link_created_at = ? ORDER BY id DESC LIMIT " + MOST_READ)
                .setParameter(1, link.code())
                .setParameter(2, link.createdAt())
                .getResultList();
        List<HistoryEntry> entries = new ArrayList<>(rows.size() + 1);
        for (int i = rows.size() - 1; i >= 0; i--) {
            Object[] row = rows.get(i);
            entries.add(new HistoryEntry(
                    Instant.parse((String) row[0]), (String) row[1], (String) row[2], json(row[3]), json(row[4])));
        }
        if (link.createdBy().isPresent() && rows.size() < MOST_READ) {
            entries.add(0, created(link, domainOf(link), link.createdBy().get(), entries));
        }
        return entries;
    }

    /** The creation of a link, with the fields it was made with: its fields now, each later change undone. */
    static HistoryEntry created(Link link, String domain, String actor, List<HistoryEntry> changesOldestFirst) {
        JsonObjectBuilder fields = Jsons.object(LinkFields.of(link, domain));
        for (int i = changesOldestFirst.size() - 1; i >= 0; i--) {
            changesOldestFirst.get(i).before().forEach(fields::add);
        }
        return new HistoryEntry(link.createdAt(), actor, "created", JsonObject.EMPTY_JSON_OBJECT, fields.build());
    }

    /** The host of the domain the link answers on, as its fields name it; null: the default domain. */
    public String domainOf(Link link) {
        return domains.hostOf(link.domainId());
    }

    private static Object[] row(
            Link link, String actor, Instant at, String action, JsonObject before, JsonObject after) {
        return new Object[] {
            link.code(),
            link.createdAt(),
            at,
            actor,
            action,
            before == null ? null : before.toString(),
            after == null ? null : after.toString()
        };
    }

    private static JsonObject json(Object text) {
        return text == null
                ? JsonObject.EMPTY_JSON_OBJECT
                : Jsons.reader(new StringReader((String) text)).readObject();
    }
}
