package io.fuxi.links.search;

import io.fuxi.links.entity.Link;
import jakarta.enterprise.context.Dependent;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Finds an owner's links by URL text (see {@link SearchTerm}), newest first, without scanning all of them.
 *
 * <p>Each word of the term the index keeps ({@link UrlWords#isIndexed}) is first counted in it, up to {@value #FEW}.
 * When the rarest word has at most that many links, the search reads only those links; so a rare or absent term costs
 * at most {@value #FEW} index rows whatever the owner's size. When every word is common, or one the index leaves out
 * (such as {@code com}, or {@code co}, which begins it, or a word that new links of one of the owners get no row for:
 * {@link CommonWords}), matches are dense, and the owner's links are read newest first
 * until the page is full. Either way the database checks the parts of the term and this class the words, on rows read
 * in chunks by key, so both plans give the same answer.
 */
@Dependent
public class LinkSearch {

    static final int FEW = 10_000;
    /** Rows read per query: what the page still needs (the words rarely reject a row the parts let through), capped. */
    private static final int MAX_CHUNK = 500;

    @PersistenceContext
    EntityManager em;

    public List<Link> page(long owner, SearchTerm term, int first, int max) {
        return page(List.of(owner), term, LinkListing.Conditions.NONE, first, max);
    }

    /** The same search over the links of several owners, each link also meeting the conditions. */
    public List<Link> page(List<Long> owners, SearchTerm term, LinkListing.Conditions conditions, int first, int max) {
        if (!term.canMatch() || owners.isEmpty()) {
            return List.of();
        }
        Map<String, Integer> counts = term.words().stream()
                .filter(word ->
                        UrlWords.isIndexed(word, term.isWhole(word)) && !isCommon(owners, word, term.isWhole(word)))
                .collect(Collectors.toMap(word -> word, word -> linksWith(owners, word, term.isWhole(word))));
        String driver = counts.keySet().stream()
                .min(Comparator.comparing(counts::get))
                .filter(rarest -> counts.get(rarest) <= FEW)
                .orElse(null);
        List<Link> matches = new ArrayList<>();
        Link last = null;
        while (matches.size() < first + max) {
            int size = Math.min(MAX_CHUNK, first + max - matches.size());
            List<Link> chunk = chunk(owners, term, conditions, driver, last, size);
            chunk.stream().filter(link -> term.wordsBegin(link.url())).forEach(matches::add);
            if (chunk.size() < size) {
                break;
            }
            last = chunk.get(chunk.size() - 1);
        }
        return matches.subList(Math.min(first, matches.size()), Math.min(first + max, matches.size()));
    }

    /** The next chunk of the owners' links containing every part, newest first, after {@code last}. */
    @SuppressWarnings("unchecked")
    private List<Link> chunk(
            List<Long> owners, SearchTerm term, LinkListing.Conditions conditions, String driver, Link last, int size) {
        boolean wholeDriver = driver != null && term.isWhole(driver);
        StringBuilder sql = new StringBuilder("SELECT l.* FROM link l");
        if (driver != null) {
            sql.append(" JOIN (SELECT DISTINCT code FROM link_word WHERE owner_key_id IN (:owners) AND word "
                    + (wholeDriver ? "=" : "LIKE") + " :driver) d ON d.code = l.code");
        }
        sql.append(" WHERE l.owner_key_id IN (:owners)").append(conditions.sql());
        for (int i = 0; i < term.parts().size(); i++) {
            sql.append(" AND LOWER(l.url) LIKE :part").append(i).append(" ESCAPE '!'");
        }
        if (last != null) {
            sql.append(" AND (l.created_at < :createdAt OR (l.created_at = :createdAt AND l.code < :code))");
        }
        sql.append(" ORDER BY l.created_at DESC, l.code DESC");
        Query query = em.createNativeQuery(sql.toString(), Link.class).setParameter("owners", owners);
        conditions.bind(query);
        if (driver != null) {
            query.setParameter("driver", wholeDriver ? driver : driver + "%");
        }
        for (int i = 0; i < term.parts().size(); i++) {
            query.setParameter("part" + i, "%" + escapeLike(term.parts().get(i)) + "%");
        }
        if (last != null) {
            query.setParameter("createdAt", last.createdAt()).setParameter("code", last.code());
        }
        return query.setMaxResults(size).getResultList();
    }

    /**
     * Whether the word (whole), or a word that begins with it, is too common among one of the owners' links to have an
     * index row in their new links ({@link CommonWords}): the index may then miss some of its links.
     */
    private boolean isCommon(List<Long> owners, String word, boolean whole) {
        return rowsOf("link_word_common", owners, word, whole, 1) > 0;
    }

    /**
     * How many of the owners' index rows are the word (whole) or start with it, counted no further than just past
     * {@link #FEW}.
     */
    private int linksWith(List<Long> owners, String word, boolean whole) {
        return rowsOf("link_word", owners, word, whole, FEW + 1);
    }

    /** The owners' rows of the table (link_word or link_word_common) that are the word or start with it, up to max. */
    private int rowsOf(String table, List<Long> owners, String word, boolean whole, int max) {
        Number count = (Number) em.createNativeQuery("SELECT COUNT(*) FROM (SELECT 1 FROM " + table
                        + " WHERE owner_key_id IN (:owners) AND word " + (whole ? "=" : "LIKE") + " :word LIMIT "
                        + max + ") c")
                .setParameter("owners", owners)
                .setParameter("word", whole ? word : word + "%")
                .getSingleResult();
        return count.intValue();
    }

    private static String escapeLike(String text) {
        return text.replace("!", "!!").replace("%", "!%").replace("_", "!_");
    }
}
