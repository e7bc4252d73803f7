package io.fuxi.links.search;

import io.fuxi.codes.boundary.CodeShape;
import io.fuxi.links.boundary.LinkFilter;
import io.fuxi.links.control.Tags;
import io.fuxi.links.entity.Link;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The console's view of all links: a page of the links that pass a filter, in creation order, read by index (by
 * creation across all links, or by owner and creation), and their number counted no further than a cap, so that
 * neither a first page nor a count walks a table of millions. URL text goes through the word index
 * ({@link LinkSearch}) of the chosen owner or of every owner.
 */
@Dependent
public class LinkListing {

    @PersistenceContext
    EntityManager em;

    @Inject
    LinkSearch search;

    @SuppressWarnings("unchecked")
    public List<Link> page(LinkFilter filter, Instant now, int first, int max) {
        Conditions conditions = Conditions.of(filter, now);
        if (filter.query().filter(CodeShape::isCode).isPresent()) {
            Query exact =
                    em.createNativeQuery("SELECT l.* FROM link l WHERE l.code = :code" + conditions.sql(), Link.class);
            conditions.bind(exact.setParameter("code", filter.query().get()));
            List<Link> link = exact.getResultList();
            if (!link.isEmpty()) {
                return first == 0 ? link : List.of();
            }
        }
        if (filter.query().isPresent()) {
            return search.page(owners(filter), SearchTerm.of(filter.query().get()), conditions, first, max);
        }
        Query query = em.createNativeQuery(
                "SELECT l.* FROM link l" + conditions.where() + " ORDER BY l.created_at "
                        + (filter.newestFirst() ? "DESC, l.code DESC" : "ASC, l.code ASC"),
                Link.class);
        conditions.bind(query);
        return query.setFirstResult(first).setMaxResults(max).getResultList();
    }

    /**
     * A page of one owner's links with every one of the tags, newest first: read from the tag index's range of the
     * first tag (its primary key starts with owner and tag), each further tag a lookup of that index's key.
     */
    @SuppressWarnings("unchecked")
    public List<Link> tagged(long owner, List<String> tags, int first, int max) {
        List<String> checked = Tags.of(tags, "tags").values();
        StringBuilder sql = new StringBuilder("SELECT l.* FROM link_tag t JOIN link l ON l.code = t.code"
                + " AND l.created_at = t.created_at WHERE t.owner_key_id = :owner AND t.tag = :tag0");
        for (int i = 1; i < checked.size(); i++) {
            sql.append(" AND EXISTS (SELECT 1 FROM link_tag o WHERE o.owner_key_id = t.owner_key_id AND o.tag = :tag")
                    .append(i)
                    .append(" AND o.created_at = t.created_at AND o.code = t.code)");
        }
        Query query = em.createNativeQuery(
                sql.append(" ORDER BY t.created_at DESC, t.code DESC").toString(), Link.class);
        query.setParameter("owner", owner);
        for (int i = 0; i < checked.size(); i++) {
            query.setParameter("tag" + i, checked.get(i));
        }
        return query.setFirstResult(first).setMaxResults(max).getResultList();
    }

    /**
     * The next links that pass the filter's conditions after {@code last} (newest first; null: from the newest), read
     * by key, so that walking all of them costs one index range however far in: for an export. Not for URL text.
     */
    @SuppressWarnings("unchecked")
    public List<Link> after(LinkFilter filter, Instant now, Link last, int max) {
        Conditions conditions = Conditions.of(filter, now);
        StringBuilder sql = new StringBuilder("SELECT l.* FROM link l").append(conditions.where());
        if (last != null) {
            sql.append(conditions.sql().isEmpty() ? " WHERE " : " AND ")
                    .append("(l.created_at < :lastCreated OR (l.created_at = :lastCreated AND l.code < :lastCode))");
        }
        Query query = em.createNativeQuery(
                sql.append(" ORDER BY l.created_at DESC, l.code DESC").toString(), Link.class);
        conditions.bind(query);
        if (last != null) {
            query.setParameter("lastCreated", last.createdAt()).setParameter("lastCode", last.code());
        }
        return query.setMaxResults(max).getResultList();
    }

    /** How many links pass the filter, counted up to {@code cap} (a count of {@code cap} means at least that many). */
    public long count(LinkFilter filter, Instant now, int cap) {
        Conditions conditions = Conditions.of(filter, now);
        if (filter.query().isPresent()) {
            return page(filter, now, 0, cap).size();
        }
        Query query = em.createNativeQuery(
                "SELECT COUNT(*) FROM (SELECT 1 FROM link l" + conditions.where() + " LIMIT " + cap + ") c");
        conditions.bind(query);
        return ((Number) query.getSingleResult()).longValue();
    }

    /** The owner asked for, or every owner that has a key (the word index is kept per owner). */
    @SuppressWarnings("unchecked")
    private List<Long> owners(LinkFilter filter) {
        return filter.owner()
                .map(List::of)
                .orElseGet(() -> ((List<Number>)
                                em.createNativeQuery("SELECT id FROM api_key").getResultList())
                        .stream().map(Number::longValue).toList());
    }

    /** The filter's conditions on link l, as SQL (each starting with AND) with named parameters. */
    record Conditions(String sql, Map<String, Object> parameters) {

        static final Conditions NONE = new Conditions("", Map.of());

        static Conditions of(LinkFilter filter, Instant now) {
            StringBuilder sql = new StringBuilder();
            Map<String, Object> parameters = new LinkedHashMap<>();
            filter.owner().ifPresent(owner -> {
                sql.append(" AND l.owner_key_id = :owner");
                parameters.put("owner", owner);
            });
            filter.domainId().ifPresent(domain -> {
                sql.append(" AND l.domain_id = :domain");
                parameters.put("domain", domain);
            });
            filter.createdFrom().ifPresent(from -> {
                sql.append(" AND l.created_at >= :createdFrom");
                parameters.put("createdFrom", from);
            });
            filter.createdTo().ifPresent(to -> {
                sql.append(" AND l.created_at < :createdTo");
                parameters.put("createdTo", to);
            });
            switch (filter.state()) {
                case LIVE -> sql.append(" AND l.enabled AND l.expires_at > :now");
                case EXPIRED -> sql.append(" AND l.expires_at <= :now");
                case DISABLED -> sql.append(" AND NOT l.enabled");
                case ANY -> {}
            }
            if (filter.state() == LinkFilter.State.LIVE || filter.state() == LinkFilter.State.EXPIRED) {
                parameters.put("now", now);
            }
            List<String> tags = Tags.of(filter.tags(), "tags").values();
            for (int i = 0; i < tags.size(); i++) { // each a lookup of link_tag's primary key
                sql.append(
                                " AND EXISTS (SELECT 1 FROM link_tag t WHERE t.owner_key_id = l.owner_key_id AND t.tag = :tag")
                        .append(i)
                        .append(" AND t.created_at = l.created_at AND t.code = l.code)");
                parameters.put("tag" + i, tags.get(i));
            }
            return new Conditions(sql.toString(), parameters);
        }

        String where() {
            return sql.isEmpty() ? "" : " WHERE" + sql.substring(" AND".length());
        }

        void bind(Query query) {
            parameters.forEach(query::setParameter);
        }
    }
}
