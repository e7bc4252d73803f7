package io.fuxi.links.search;

import io.fuxi.links.entity.Link;
import io.fuxi.platform.database.RowDeletes;
import io.fuxi.platform.database.RowInserts;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Keeps the search index (table link_word) in step with the links, in the caller's transaction: every new link's words
 * in multi-row inserts, and the words of a changed or deleted link dropped by their primary key in one statement, which
 * the link's URL, owner and creation time give (ADR 24). The table has no index by code: kept by code, each new word
 * paid for an entry at a random place, and under a sustained bulk load those pages left the buffer pool and the
 * inserts waited on reads. So the words of a link must be removed while its URL is the one they were made of, and
 * {@link UrlWords} must not change without indexing every link again.
 */
@Dependent
public class LinkWordIndex {

    private static final String INSERT =
            "INSERT INTO link_word (owner_key_id, word, created_at, code) VALUES (?, ?, ?, ?)";

    private static final String KEY = "owner_key_id, word, created_at, code";

    @PersistenceContext
    EntityManager em;

    @Inject
    CommonWords common;

    public void add(Collection<Link> links) {
        RowInserts.insert(em, INSERT, wordsOf(links, common).rows());
    }

    /**
     * The rows of the new links' words, for a caller that inserts them with other rows: none for the words too common
     * among their key's links to drive a search ({@link CommonWords}).
     */
    public static RowInserts.Rows wordsOf(Collection<Link> links, CommonWords common) {
        return new RowInserts.Rows(INSERT, rows(links, link -> common.indexedWords(link.ownerKeyId(), link.url())));
    }

    /**
     * Drops the words of links as they are stored: their URL, owner and creation time as read from the database.
     * Before a link's URL changes, or as it goes. Every word of the URL is tried, the unindexed ones too: rows made
     * before they were left out may be there.
     */
    public void remove(Collection<Link> links) {
        RowDeletes.byKey(em, "link_word", KEY, rows(links, link -> UrlWords.of(link.url())));
    }

    /** {@link #remove}, on a connection whose transaction the caller runs. */
    public static void remove(Connection connection, Collection<Link> links) throws SQLException {
        RowDeletes.byKey(connection, "link_word", KEY, rows(links, link -> UrlWords.of(link.url())));
    }

    private static List<Object[]> rows(Collection<Link> links, Function<Link, Set<String>> wordsOf) {
        List<Object[]> rows = new ArrayList<>();
        for (Link link : links) {
            for (String word : wordsOf.apply(link)) {
                rows.add(new Object[] {link.ownerKeyId(), word, link.createdAt(), link.code()});
            }
        }
        return rows;
    }
}
