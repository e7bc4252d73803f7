package io.fuxi.links.control;

import io.fuxi.links.entity.Link;
import io.fuxi.platform.database.RowDeletes;
import io.fuxi.platform.database.RowInserts;
import jakarta.enterprise.context.Dependent;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Keeps the tag index (table link_tag) in step with the links' tags, in the caller's transaction. As the word index
 * (ADR 24), it is keyed by owner, tag, creation time and code, with no index by code: a link's rows are dropped by
 * their key, which its stored tags give, so they must be removed while the link's row still holds the tags they were
 * made of.
 */
@Dependent
public class LinkTagIndex {

    private static final String INSERT =
            "INSERT INTO link_tag (owner_key_id, tag, created_at, code) VALUES (?, ?, ?, ?)";

    private static final String KEY = "owner_key_id, tag, created_at, code";

    @PersistenceContext
    EntityManager em;

    public void add(Collection<Link> links) {
        RowInserts.insert(em, INSERT, rows(links));
    }

    /** The rows of the new links' tags, for a caller that inserts them with other rows. */
    public static RowInserts.Rows tagsOf(Collection<Link> links) {
        return new RowInserts.Rows(INSERT, rows(links));
    }

    /** Drops the index rows of links' tags as they are stored: before the tags change, or as the links go. */
    public void remove(Collection<Link> links) {
        RowDeletes.byKey(em, "link_tag", KEY, rows(links));
    }

    /** {@link #remove}, on a connection whose transaction the caller runs. */
    public static void remove(Connection connection, Collection<Link> links) throws SQLException {
        RowDeletes.byKey(connection, "link_tag", KEY, rows(links));
    }

    private static List<Object[]> rows(Collection<Link> links) {
        List<Object[]> rows = new ArrayList<>();
        for (Link link : links) {
            for (String tag : Tags.stored(link.tags()).values()) {
                rows.add(new Object[] {link.ownerKeyId(), tag, link.createdAt(), link.code()});
            }
        }
        return rows;
    }
}
