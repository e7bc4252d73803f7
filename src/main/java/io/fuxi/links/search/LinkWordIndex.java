package io.fuxi.links.search;

import io.fuxi.links.entity.Link;
import io.fuxi.platform.database.RowInserts;
import jakarta.enterprise.context.Dependent;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Keeps the search index (table link_word) in step with the links, in the caller's transaction: every new link's words
 * in one JDBC batch, and the words of a changed or deleted link dropped by its code.
 */
@Dependent
public class LinkWordIndex {

    private static final String INSERT =
            "INSERT INTO link_word (owner_key_id, word, created_at, code) VALUES (?, ?, ?, ?)";

    @PersistenceContext
    EntityManager em;

    public void add(Collection<Link> links) {
        RowInserts.insert(em, INSERT, wordsOf(links).rows());
    }

    /** The rows of the new links' words, for a caller that inserts them with other rows. */
    public static RowInserts.Rows wordsOf(Collection<Link> links) {
        List<Object[]> rows = new ArrayList<>();
        for (Link link : links) {
            for (String word : UrlWords.of(link.url())) {
                rows.add(new Object[] {link.ownerKeyId(), word, link.createdAt(), link.code()});
            }
        }
        return new RowInserts.Rows(INSERT, rows);
    }

    public void remove(Collection<String> codes) {
        if (!codes.isEmpty()) {
            em.createNativeQuery("DELETE FROM link_word WHERE code IN (:codes)")
                    .setParameter("codes", codes)
                    .executeUpdate();
        }
    }

    public void replace(Link link) {
        remove(List.of(link.code()));
        add(List.of(link));
    }
}
