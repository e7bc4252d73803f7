package io.fuxi.redirect.control;

import io.fuxi.platform.cluster.Cluster;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.infinispan.Cache;
import org.infinispan.context.Flag;

/**
 * Two node caches (ADR 13): links by code (bounded by count), and codes recently found unknown (short-lived), so that
 * a scanner guessing codes reaches the database once per code, not once per request. Each node fills its own from the
 * database; dropping an entry drops it on every node of the cluster before the call returns, so a change made on one
 * node is seen by every node's next redirect. The MySQL tables stay the only source of truth. The links are held in a
 * {@link LinkTable}, a few large arrays rather than objects, and their removals travel on a cluster topic (ADR 39);
 * the unknown codes in an Infinispan cache.
 */
@ApplicationScoped
public class LinkCache {

    @Inject
    Cluster cluster;

    /**
     * What the default bound allows a cached link of the heap, with ample room: the cache then stays within a quarter
     * of the heap beyond {@link #PLATFORM_HEAP_BYTES} (the bytes a link takes are in docs/scaling.md).
     */
    static final long CACHED_LINK_BYTES = 500;

    /**
     * The heap that Payara and Fuxi themselves hold live after a start, with room for their young objects: a cache of
     * a quarter of a 512 MB heap on top of it kept the old generation at G1's threshold for concurrent marking, which
     * then ran again and again (the figures are in ADR 44).
     */
    static final long PLATFORM_HEAP_BYTES = 256L * 1024 * 1024;

    /** The default bound on a heap too small for the rule above. */
    static final long MIN_DEFAULT_LINKS = 10_000;

    /** The bytes of its log the cache allows a link on average: its code, a URL of some 200 characters, and more. */
    static final long LOGGED_LINK_BYTES = 256;

    /** Unset: as many links as a quarter of the heap beyond its first 256 MB holds (134,217 at the default 512 MB). */
    @Inject
    @ConfigProperty(name = "fuxi.cache.max-links")
    Optional<Long> maxLinks;

    /** Bounds how long a node can serve a link changed while it could not hear of it; a recycled code waits this too. */
    @Inject
    @ConfigProperty(name = "fuxi.cache.link-ttl-seconds", defaultValue = "300")
    long linkTtlSeconds;

    @Inject
    @ConfigProperty(name = "fuxi.cache.unknown-ttl-seconds", defaultValue = "30")
    long unknownTtlSeconds;

    @Inject
    @ConfigProperty(name = "fuxi.cache.max-unknown", defaultValue = "100000")
    long maxUnknown;

    private LinkTable links;

    /** Codes being read from the database, each with the read's ticket: a removal takes it away. */
    private final Map<String, Object> reading = new ConcurrentHashMap<>();

    private Cluster.Topic removals;

    private Cache<Object, Boolean> unknown;

    /** Starts the cache (and joins the cluster) with the application rather than on the first redirect. */
    void startEagerly(@Observes @Initialized(ApplicationScoped.class) Object application) {
        unknown.getName();
    }

    @PostConstruct
    void start() {
        long max = maxLinks.orElseGet(() -> defaultMaxLinks(Runtime.getRuntime().maxMemory()));
        links = new LinkTable(
                max, max * LOGGED_LINK_BYTES, Duration.ofSeconds(linkTtlSeconds).toMillis(), System::currentTimeMillis);
        removals = cluster.topic("link-removals", removed -> removeHere(List.of(removed.split("\n"))));
        unknown = cluster.nodeCache("unknown-codes", maxUnknown, Duration.ofSeconds(unknownTtlSeconds));
    }

    static long defaultMaxLinks(long maxHeapBytes) {
        return Math.max(MIN_DEFAULT_LINKS, (maxHeapBytes - PLATFORM_HEAP_BYTES) / 4 / CACHED_LINK_BYTES);
    }

    /** The longest a node may answer for a code from its caches after the database changed: a link or an unknown code. */
    public Duration longestStaleness() {
        return Duration.ofSeconds(linkTtlSeconds + unknownTtlSeconds);
    }

    public boolean isRunning() {
        return cluster.isRunning() && unknown.getStatus().allowInvocations();
    }

    /** Links held now: a count the table keeps, not a walk. */
    public int entries() {
        return links.size();
    }

    /** Links dropped because the cache was full, since the start. */
    public long evictions() {
        return links.evictions();
    }

    /** The cached link, or null. */
    public CachedLink get(String code) {
        return links.get(code);
    }

    public boolean isKnownUnknown(String code) {
        return Boolean.TRUE.equals(unknown.get(CodeKey.of(code)));
    }

    /**
     * Marks a code as being read from the database, on this node. A removal from any node while it is read (a change
     * committed meanwhile, a new link with this code) takes the mark away, and {@link #loaded} then caches nothing:
     * what the read found may be older than the removal.
     *
     * @return the read's ticket, for {@link #loaded}
     */
    public Object loading(String code) {
        Object ticket = new Object();
        reading.put(code, ticket);
        unknown.putForExternalRead(CodeKey.of(code), Boolean.FALSE);
        return ticket;
    }

    /** Caches what the read found (null: no link has this code), unless a node removed the code meanwhile. */
    public void loaded(String code, Object ticket, CachedLink link) {
        Object key = CodeKey.of(code);
        if (link == null) {
            thisNode(unknown).computeIfPresent(key, (k, known) -> Boolean.FALSE.equals(known) ? Boolean.TRUE : known);
        } else {
            links.putIf(code, link.packed(), () -> reading.get(code) == ticket);
            thisNode(unknown).remove(key, Boolean.FALSE);
        }
        reading.remove(code, ticket);
    }

    /** The read could not be made (the database is out): nothing is cached, and the mark goes. */
    public void readFailed(String code, Object ticket) {
        reading.remove(code, ticket);
    }

    /** Caches a link this node just wrote, on this node only: the others read it when they need it. */
    public void put(String code, CachedLink link) {
        links.put(code, link.packed());
    }

    /** Codes that just became links: no node answers 404 for them from its unknown-code cache any more. */
    public void forgetUnknown(Collection<String> codes) {
        List<CompletableFuture<?>> removals = new ArrayList<>(codes.size());
        for (String code : codes) {
            removals.add(unknown.getAdvancedCache()
                    .withFlags(Flag.IGNORE_RETURN_VALUES)
                    .removeAsync(CodeKey.of(code)));
        }
        CompletableFuture.allOf(removals.toArray(CompletableFuture[]::new)).join();
    }

    public void evict(String code) {
        evictAll(List.of(code));
    }

    /** Drops links on every node: here, then on the others, in one message, before it returns. */
    public void evictAll(Collection<String> codes) {
        if (codes.isEmpty()) {
            return;
        }
        removeHere(codes);
        removals.publish(String.join("\n", codes));
    }

    /**
     * A read under way for one of these codes caches nothing: its mark goes before the link, and the read checks its
     * mark under the lock that the link's removal takes (LinkTable#putIf).
     */
    private void removeHere(Collection<String> codes) {
        for (String code : codes) {
            reading.remove(code);
            links.remove(code);
        }
    }

    private static <V> Cache<Object, V> thisNode(Cache<Object, V> cache) {
        return cache.getAdvancedCache().withFlags(Flag.CACHE_MODE_LOCAL);
    }
}
