package io.fuxi.links.boundary;

import io.fuxi.codes.boundary.CodeAllocator;
import io.fuxi.links.control.AliasTakenException;
import io.fuxi.links.control.BulkConflictException;
import io.fuxi.links.control.LinkOptions;
import io.fuxi.links.control.LinkTagIndex;
import io.fuxi.links.entity.Link;
import io.fuxi.links.search.CommonWords;
import io.fuxi.links.search.LinkWordIndex;
import io.fuxi.platform.beans.Unproxied;
import io.fuxi.platform.database.DuplicateRowException;
import io.fuxi.platform.database.RowInserts;
import io.fuxi.platform.database.Sql;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Writes checked creates, of one caller or of several, on a connection whose transaction the caller runs: the one
 * place a link row is inserted, for single creates ({@link CreateBatches}, on its writers' own connections) and bulk
 * calls ({@link LinkWriter}, in the call's transaction) alike. A recent link of the same key for the same URL answers
 * instead of a new one, and a taken alias gets its problem; both are found with one query per key and one in all, the
 * first only for URLs that this node's same-URL filter cannot rule out (ADR 41). The new links and their search words
 * go in as multi-row inserts ({@link RowInserts}); the caller announces them once committed. Who made a link goes in
 * its row; its history has no row for the creation (ADR 36).
 */
@ApplicationScoped
public class LinkInserts {

    /** How long the same URL from the same key gets the same link back. */
    static final Duration SAME_URL_WINDOW = Duration.ofHours(24);

    private static final String INSERT_LINK = "INSERT INTO link (code, url, url_hash, owner_key_id, created_at,"
            + " expires_at, enabled, redirect_status, forward_query, created_by, tags, valid_since, max_visits,"
            + " fallback_url, password_hash, domain_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    @Inject
    BeanManager beans;

    @Inject
    CodeAllocator codes;

    @Inject
    LinkOptions options;

    @Inject
    Clock clock;

    @Inject
    RecentUrls recentUrls;

    @Inject
    CommonWords commonWords;

    /** The beans of the create path, held without their client proxies (ADR 53). */
    @PostConstruct
    void holdUnproxied() {
        codes = Unproxied.of(beans, CodeAllocator.class);
        recentUrls = Unproxied.of(beans, RecentUrls.class);
        commonWords = Unproxied.of(beans, CommonWords.class);
    }

    /**
     * One result per create, in order, written with multi-row inserts per table. An alias that another transaction took
     * after it was looked up sinks them all ({@link BulkConflictException}): the caller rolls back and writes them
     * again one by one.
     */
    public Written write(Connection connection, List<CheckedCreate> creates) throws SQLException {
        Planned planned = plan(connection, creates);
        try {
            for (RowInserts.Rows rows : planned.inserts()) {
                RowInserts.insert(connection, rows.sql(), rows.rows());
            }
        } catch (DuplicateRowException e) {
            throw new BulkConflictException(e); // a generated code cannot collide: an alias was taken meanwhile
        }
        return planned.written();
    }

    /**
     * {@link #write}, with the inserts and the commit sent as one statement: on a connection that allows several in
     * one (allowMultiQueries) and whose transactions the caller runs itself.
     */
    public Written writeAndCommit(Connection connection, List<CheckedCreate> creates) throws SQLException {
        Planned planned = plan(connection, creates);
        try {
            RowInserts.insertTogether(connection, planned.inserts(), "COMMIT");
        } catch (DuplicateRowException e) {
            throw new BulkConflictException(e);
        }
        return planned.written();
    }

    /** The answer to each create, and the rows of the links to make: after a query for recent links and aliases. */
    private Planned plan(Connection connection, List<CheckedCreate> creates) throws SQLException {
        Instant now = Instant.now(clock).truncatedTo(ChronoUnit.MILLIS); // what DATETIME(3) keeps
        Map<SameUrl, LinkView> sameUrl = recentLinksFor(connection, creates, now);
        Set<String> takenAliases = takenAliases(connection, creates);
        List<BulkResult> results = new ArrayList<>(creates.size());
        List<Link> links = new ArrayList<>();
        List<Object[]> linkRows = new ArrayList<>();
        List<LinkView> views = new ArrayList<>();
        for (CheckedCreate create : creates) {
            SameUrl key = new SameUrl(create.caller().keyId(), create.url());
            if (create.request().acceptsExistingLink() && sameUrl.containsKey(key)) {
                results.add(BulkResult.existing(sameUrl.get(key)));
            } else if (create.alias().isPresent()
                    && !takenAliases.add(create.alias().get())) {
                results.add(
                        BulkResult.failed(new AliasTakenException(create.alias().get()).toProblem()));
            } else {
                Link link = newLink(create);
                recentUrls.add(link.ownerKeyId(), link.urlHash(), link.createdAt());
                LinkView view = LinkView.of(link, options);
                links.add(link);
                linkRows.add(linkRow(link, create.caller().actor()));
                views.add(view);
                results.add(BulkResult.created(view));
                if (create.request().acceptsExistingLink()) {
                    sameUrl.put(key, view);
                }
            }
        }
        List<RowInserts.Rows> inserts = links.isEmpty()
                ? List.of()
                : List.of(
                        new RowInserts.Rows(INSERT_LINK, linkRows),
                        LinkWordIndex.wordsOf(links, commonWords),
                        LinkTagIndex.tagsOf(links));
        return new Planned(new Written(results, new LinkCreated(views)), inserts);
    }

    /** The new link's row, with who made it: its history's first entry (ADR 36). */
    private static Object[] linkRow(Link link, String actor) {
        Objects.requireNonNull(actor, "who makes the link");
        return new Object[] {
            link.code(),
            link.url(),
            link.urlHash(),
            link.ownerKeyId(),
            link.createdAt(),
            link.expiresAt(),
            link.enabled(),
            link.redirectStatus(),
            link.forwardQuery(),
            actor,
            link.tags(),
            link.validSince(),
            link.maxVisits(),
            link.fallbackUrl(),
            link.passwordHash(),
            link.domainId()
        };
    }

    private Link newLink(CheckedCreate create) {
        Link link = new Link(
                create.alias().orElseGet(codes::next),
                create.url(),
                create.caller().keyId(),
                create.checkedAt(),
                create.expiresAt(),
                create.request().redirectStatus().orElse(null),
                create.request().forwardQuery().orElse(null));
        link.changeTags(create.request().tags().column());
        link.changeValidSince(create.validSince().orElse(null));
        link.changeMaxVisits(create.request().maxVisits().orElse(null));
        link.changeFallbackUrl(create.fallbackUrl().orElse(null));
        link.changePasswordHash(create.passwordHash().orElse(null));
        link.moveToDomain(create.domainId());
        return link;
    }

    /**
     * The newest recent, live link of each key for each URL asked with "the same link is fine": a query per key, for
     * the URLs the same-URL filter cannot rule out (ADR 41).
     */
    private Map<SameUrl, LinkView> recentLinksFor(Connection connection, Collection<CheckedCreate> creates, Instant now)
            throws SQLException {
        Map<Long, List<byte[]>> hashesByOwner = new HashMap<>();
        for (CheckedCreate create : creates) {
            if (!create.request().acceptsExistingLink()) {
                continue;
            }
            long owner = create.caller().keyId();
            byte[] hash = Link.hashOf(create.url());
            if (recentUrls.mayHave(owner, hash)) {
                hashesByOwner.computeIfAbsent(owner, key -> new ArrayList<>()).add(hash);
            }
        }
        Map<SameUrl, LinkView> newest = new HashMap<>();
        for (Map.Entry<Long, List<byte[]>> owner : hashesByOwner.entrySet()) {
            for (Link link : recentLinks(connection, owner.getKey(), owner.getValue(), now)) {
                newest.putIfAbsent(new SameUrl(owner.getKey(), link.url()), LinkView.of(link, options));
            }
        }
        return newest;
    }

    /**
     * The key's live links made since the same-URL window began with one of these URL hashes, newest first: none that
     * starts later, has a visit limit or a password, or is on another domain than the default, which a create without
     * them does not ask for. The IN
     * list is padded to a power of two (the last hash again), so that a few statements serve every batch size.
     */
    private static List<Link> recentLinks(Connection connection, long owner, List<byte[]> hashes, Instant now)
            throws SQLException {
        int size = paddedSize(hashes.size());
        String sql = Sql.inList(
                        "SELECT code, url, created_at, expires_at, redirect_status, forward_query, tags, fallback_url"
                                + " FROM link"
                                + " WHERE owner_key_id = ? AND url_hash IN ",
                        size)
                + " AND created_at > ? AND enabled AND expires_at > ? AND valid_since IS NULL AND max_visits IS NULL"
                + " AND password_hash IS NULL AND domain_id = 0"
                + " ORDER BY created_at DESC";
        try (PreparedStatement query = connection.prepareStatement(sql)) {
            int position = 1;
            query.setLong(position++, owner);
            for (int i = 0; i < size; i++) {
                query.setBytes(position++, hashes.get(Math.min(i, hashes.size() - 1)));
            }
            query.setObject(position++, utc(now.minus(SAME_URL_WINDOW)));
            query.setObject(position, utc(now));
            List<Link> links = new ArrayList<>();
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    Link link = new Link(
                            rows.getString(1),
                            rows.getString(2),
                            owner,
                            rows.getObject(3, LocalDateTime.class).toInstant(ZoneOffset.UTC),
                            rows.getObject(4, LocalDateTime.class).toInstant(ZoneOffset.UTC),
                            rows.getObject(5, Integer.class),
                            rows.getObject(6, Boolean.class));
                    link.changeTags(rows.getString(7));
                    link.changeFallbackUrl(rows.getString(8));
                    links.add(link);
                }
            }
            return links;
        }
    }

    /** The aliases asked for that a link holds already. */
    private static Set<String> takenAliases(Connection connection, Collection<CheckedCreate> creates)
            throws SQLException {
        List<String> aliases =
                creates.stream().flatMap(create -> create.alias().stream()).toList();
        Set<String> taken = new HashSet<>();
        if (aliases.isEmpty()) {
            return taken;
        }
        int size = paddedSize(aliases.size());
        try (PreparedStatement query =
                connection.prepareStatement(Sql.inList("SELECT code FROM link WHERE code IN ", size))) {
            for (int i = 0; i < size; i++) {
                query.setString(i + 1, aliases.get(Math.min(i, aliases.size() - 1)));
            }
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    taken.add(rows.getString(1));
                }
            }
        }
        return taken;
    }

    /** The next power of two: IN lists padded to it keep the number of distinct statements small. */
    private static int paddedSize(int size) {
        return Integer.highestOneBit(size * 2 - 1);
    }

    /** Link times are UTC DATETIME(3). */
    private static LocalDateTime utc(Instant instant) {
        return LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    /** What a write made: one result per create, in order, and the new links to announce once they are committed. */
    public record Written(List<BulkResult> results, LinkCreated created) {

        /** Tells the observers of new links (the link cache, the click counters) about them: after the commit. */
        public void announce(Event<LinkCreated> event) {
            if (!created.links().isEmpty()) {
                event.fire(created);
            }
        }
    }

    private record Planned(Written written, List<RowInserts.Rows> inserts) {}

    private record SameUrl(long owner, String url) {}
}
