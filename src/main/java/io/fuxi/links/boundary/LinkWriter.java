package io.fuxi.links.boundary;

import io.fuxi.codes.boundary.CodeAllocator;
import io.fuxi.links.control.AliasTakenException;
import io.fuxi.links.control.BulkConflictException;
import io.fuxi.links.control.LinkHistory;
import io.fuxi.links.control.LinkOptions;
import io.fuxi.links.entity.Link;
import io.fuxi.links.search.LinkWordIndex;
import io.fuxi.platform.database.DuplicateRowException;
import io.fuxi.platform.database.RowInserts;
import io.fuxi.platform.database.Sql;
import io.fuxi.platform.database.TransactionConnection;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Writes checked creates, of one caller or of several, in one transaction: the one place a link row is inserted, for
 * single creates (gathered by {@link CreateBatches}) and bulk calls alike. A recent link of the same key for the same
 * URL answers instead of a new one, and a taken alias gets its problem; both are found with one query per key and one
 * in all. The new links, their search words and their history go in as JDBC batches (multi-row inserts), and are
 * announced once committed.
 */
@Stateless
public class LinkWriter {

    /** How long the same URL from the same key gets the same link back. */
    static final Duration SAME_URL_WINDOW = Duration.ofHours(24);

    private static final String INSERT_LINK = "INSERT INTO link (code, url, url_hash, owner_key_id, created_at,"
            + " expires_at, enabled, redirect_status, forward_query) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)";

    @PersistenceContext
    EntityManager em;

    @Inject
    CodeAllocator codes;

    @Inject
    LinkOptions options;

    @Inject
    Clock clock;

    @Inject
    LinkWordIndex words;

    @Inject
    LinkHistory history;

    @Inject
    Event<LinkCreated> created;

    /**
     * One result per create, in order. An alias that another transaction took after it was looked up sinks them
     * all ({@link BulkConflictException}): the caller writes them again one by one.
     */
    public List<BulkResult> create(List<CheckedCreate> creates) {
        Instant now = Instant.now(clock).truncatedTo(ChronoUnit.MILLIS); // what DATETIME(3) keeps
        Map<SameUrl, LinkView> sameUrl = recentLinksFor(creates, now);
        Set<String> takenAliases = takenAliases(creates);
        List<BulkResult> results = new ArrayList<>(creates.size());
        List<Link> links = new ArrayList<>();
        List<LinkView> views = new ArrayList<>();
        Map<String, List<Link>> byActor = new LinkedHashMap<>();
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
                LinkView view = LinkView.of(link, options);
                links.add(link);
                views.add(view);
                byActor.computeIfAbsent(create.caller().actor(), actor -> new ArrayList<>())
                        .add(link);
                results.add(BulkResult.created(view));
                if (create.request().acceptsExistingLink()) {
                    sameUrl.put(key, view);
                }
            }
        }
        if (!links.isEmpty()) {
            insert(links);
            words.add(links);
            byActor.forEach((actor, written) -> history.created(written, actor));
            created.fire(new LinkCreated(views));
        }
        return results;
    }

    private void insert(List<Link> links) {
        List<Object[]> rows = new ArrayList<>(links.size());
        for (Link link : links) {
            rows.add(new Object[] {
                link.code(),
                link.url(),
                link.urlHash(),
                link.ownerKeyId(),
                link.createdAt(),
                link.expiresAt(),
                link.enabled(),
                link.redirectStatus(),
                link.forwardQuery()
            });
        }
        try {
            RowInserts.insert(em, INSERT_LINK, rows);
        } catch (DuplicateRowException e) {
            throw new BulkConflictException(e); // a generated code cannot collide: an alias was taken meanwhile
        }
    }

    private Link newLink(CheckedCreate create) {
        return new Link(
                create.alias().orElseGet(codes::next),
                create.url(),
                create.caller().keyId(),
                create.checkedAt(),
                create.expiresAt(),
                create.request().redirectStatus().orElse(null),
                create.request().forwardQuery().orElse(null));
    }

    /** The newest recent, live link of each key for each URL asked with "the same link is fine": a query per key. */
    private Map<SameUrl, LinkView> recentLinksFor(Collection<CheckedCreate> creates, Instant now) {
        Map<Long, List<byte[]>> hashesByOwner = creates.stream()
                .filter(create -> create.request().acceptsExistingLink())
                .collect(Collectors.groupingBy(
                        create -> create.caller().keyId(),
                        Collectors.mapping(create -> Link.hashOf(create.url()), Collectors.toList())));
        Map<SameUrl, LinkView> newest = new HashMap<>();
        hashesByOwner.forEach((owner, hashes) -> {
            for (Link link : recentLinks(owner, hashes, now)) {
                newest.putIfAbsent(new SameUrl(owner, link.url()), LinkView.of(link, options));
            }
        });
        return newest;
    }

    /**
     * The key's live links made since the same-URL window began with one of these URL hashes, newest first. The IN
     * list is padded to a power of two (the last hash again), so that a few statements serve every batch size.
     */
    private List<Link> recentLinks(long owner, List<byte[]> hashes, Instant now) {
        int size = Integer.highestOneBit(hashes.size() * 2 - 1);
        String sql = Sql.inList(
                        "SELECT code, url, created_at, expires_at, redirect_status, forward_query FROM link"
                                + " WHERE owner_key_id = ? AND url_hash IN ",
                        size)
                + " AND created_at > ? AND enabled AND expires_at > ? ORDER BY created_at DESC";
        return TransactionConnection.apply(em, connection -> {
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
                        links.add(new Link(
                                rows.getString(1),
                                rows.getString(2),
                                owner,
                                rows.getObject(3, LocalDateTime.class).toInstant(ZoneOffset.UTC),
                                rows.getObject(4, LocalDateTime.class).toInstant(ZoneOffset.UTC),
                                rows.getObject(5, Integer.class),
                                rows.getObject(6, Boolean.class)));
                    }
                }
                return links;
            }
        });
    }

    /** Link times are UTC DATETIME(3). */
    private static LocalDateTime utc(Instant instant) {
        return LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    private Set<String> takenAliases(Collection<CheckedCreate> creates) {
        List<String> aliases =
                creates.stream().flatMap(create -> create.alias().stream()).toList();
        return aliases.isEmpty()
                ? new HashSet<>()
                : new HashSet<>(em.createNamedQuery(Link.TAKEN_CODES, String.class)
                        .setParameter("codes", aliases)
                        .getResultList());
    }

    private record SameUrl(long owner, String url) {}
}
