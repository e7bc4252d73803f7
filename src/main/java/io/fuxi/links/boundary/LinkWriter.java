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
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
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
        hashesByOwner.forEach((owner, hashes) -> em.createNamedQuery(Link.RECENT_SAME_URLS, Link.class)
                .setParameter("owner", owner)
                .setParameter("hashes", hashes)
                .setParameter("since", now.minus(SAME_URL_WINDOW))
                .setParameter("now", now)
                .getResultStream()
                .forEach(link -> newest.putIfAbsent(new SameUrl(owner, link.url()), LinkView.of(link, options))));
        return newest;
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
