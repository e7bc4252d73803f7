package io.fuxi.links.search;

import io.fuxi.links.entity.Link;
import io.fuxi.platform.database.Sql;
import jakarta.enterprise.context.Dependent;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Keeps the search index (table link_word) in step with the links, in the caller's transaction: multi-row INSERTs
 * of every new link's words, and the words of a changed or deleted link dropped by its code.
 */
@Dependent
public class LinkWordIndex {

    /** Rows per INSERT statement: 4 parameters each, well under every driver's limit. */
    private static final int ROWS_PER_STATEMENT = 500;

    @PersistenceContext
    EntityManager em;

    public void add(Collection<Link> links) {
        List<Object[]> rows = new ArrayList<>();
        for (Link link : links) {
            for (String word : UrlWords.of(link.url())) {
                rows.add(new Object[] {link.ownerKeyId(), word, link.createdAt(), link.code()});
            }
        }
        for (int from = 0; from < rows.size(); from += ROWS_PER_STATEMENT) {
            insert(rows.subList(from, Math.min(rows.size(), from + ROWS_PER_STATEMENT)));
        }
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

    private void insert(List<Object[]> rows) {
        Query insert = em.createNativeQuery("INSERT INTO link_word (owner_key_id, word, created_at, code) VALUES "
                + Sql.repeat("(?, ?, ?, ?)", rows.size()));
        int position = 1;
        for (Object[] row : rows) {
            for (Object value : row) {
                insert.setParameter(position++, value);
            }
        }
        insert.executeUpdate();
    }
}
