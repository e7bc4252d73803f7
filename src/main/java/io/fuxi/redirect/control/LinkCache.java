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
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.infinispan.Cache;
import org.infinispan.context.Flag;

/**
 * Two node caches (ADR 13): links by code (bounded by count), and codes recently found unknown (short-lived), so that
 * a scanner guessing codes reaches the database once per code, not once per request. Each node fills its own from the
 * database; dropping an entry drops it on every node of the cluster before the call returns, so a change made on one
 * node is seen by every node's next redirect. The MySQL tables stay the only source of truth.
 */
@ApplicationScoped
public class LinkCache {

    @Inject
    Cluster cluster;

    /**
     * What a cached link costs, with a URL of about 100 characters and ample room (bench/memory.sh measured 261 bytes
     * with one of 35 at a million links, docs/scaling.md): the default bound keeps the cache within a quarter of the
     * heap.
     */
    static final long CACHED_LINK_BYTES = 500;

    /** Unset: as many links as a quarter of the heap holds (268,435 at the default 512 MB). */
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

    /** Held while a code is read from the database; never leaves this node. A packed link is never empty. */
    private static final byte[] LOADING = new byte[0];

    /** By {@link CodeKey}, each link {@linkplain CachedLink#packed() packed}; bounded by {@link #eviction}. */
    private Cache<Object, byte[]> links;

    private ClockEviction eviction;

    private Cache<Object, Boolean> unknown;

    /** This cache itself, not its client proxy, for the redirect path to keep (ADR 32 says why, and why a supplier). */
    public Supplier<LinkCache> unproxied() {
        return () -> this;
    }

    /** Starts the cache (and joins the cluster) with the application rather than on the first redirect. */
    void startEagerly(@Observes @Initialized(ApplicationScoped.class) Object application) {
        links.getName();
    }

    @PostConstruct
    void start() {
        links = cluster.nodeCache("links", Duration.ofSeconds(linkTtlSeconds));
        eviction = new ClockEviction(
                thisNode(links),
                maxLinks.orElseGet(() -> defaultMaxLinks(Runtime.getRuntime().maxMemory())));
        unknown = cluster.nodeCache("unknown-codes", maxUnknown, Duration.ofSeconds(unknownTtlSeconds));
    }

    static long defaultMaxLinks(long maxHeapBytes) {
        return maxHeapBytes / 4 / CACHED_LINK_BYTES;
    }

    /** The longest a node may answer for a code from its caches after the database changed: a link or an unknown code. */
    public Duration longestStaleness() {
        return Duration.ofSeconds(linkTtlSeconds + unknownTtlSeconds);
    }

    public boolean isRunning() {
        return cluster.isRunning() && links.getStatus().allowInvocations();
    }

    /** Links held now (expired ones not yet removed included): a count the container keeps, not a walk. */
    public int entries() {
        return links.getAdvancedCache().getDataContainer().sizeIncludingExpired();
    }

    /** Links dropped because the cache was full, since the start. */
    public long evictions() {
        return eviction.evictions();
    }

    /** The cached link, or null (a code being read from the database is not cached yet). */
    public CachedLink get(String code) {
        byte[] packed = links.get(CodeKey.of(code));
        if (packed == null || isLoading(packed)) {
            return null;
        }
        CachedLink.markUsed(packed);
        return CachedLink.unpacked(packed);
    }

    public boolean isKnownUnknown(String code) {
        return Boolean.TRUE.equals(unknown.get(CodeKey.of(code)));
    }

    /**
     * Marks a code as being read from the database, on this node. A removal from any node while it is read (a change
     * committed meanwhile, a new link with this code) takes the mark away, and {@link #loaded} then caches nothing:
     * what the read found may be older than the removal.
     */
    public void loading(String code) {
        Object key = CodeKey.of(code);
        eviction.admit(key);
        links.putForExternalRead(key, LOADING);
        unknown.putForExternalRead(key, Boolean.FALSE);
    }

    /**
     * Caches what the read found (null: no link has this code), unless a node removed the code meanwhile. The mark is
     * swapped by computeIfPresent, not by a conditional replace, which would give the entry a version and cost it 56
     * more bytes (bench/memory.sh).
     */
    public void loaded(String code, CachedLink link) {
        Object key = CodeKey.of(code);
        if (link == null) {
            thisNode(unknown).computeIfPresent(key, (k, known) -> Boolean.FALSE.equals(known) ? Boolean.TRUE : known);
            thisNode(links).computeIfPresent(key, (k, cached) -> isLoading(cached) ? null : cached);
        } else {
            byte[] packed = link.packed();
            thisNode(links).computeIfPresent(key, (k, cached) -> isLoading(cached) ? packed : cached);
            thisNode(unknown).remove(key, Boolean.FALSE);
        }
    }

    private static boolean isLoading(byte[] packed) {
        return packed.length == 0;
    }

    /** Caches a link this node just wrote, on this node only: the others read it when they need it. */
    public void put(String code, CachedLink link) {
        Object key = CodeKey.of(code);
        eviction.admit(key);
        links.putForExternalRead(key, link.packed());
    }

    /** Codes that just became links: no node answers 404 for them from its unknown-code cache any more. */
    public void forgetUnknown(Collection<String> codes) {
        removeEverywhere(unknown, codes);
    }

    public void evict(String code) {
        links.getAdvancedCache().withFlags(Flag.IGNORE_RETURN_VALUES).remove(CodeKey.of(code));
    }

    /** Drops many links on every node, the removals sent together rather than one after another. */
    public void evictAll(Collection<String> codes) {
        removeEverywhere(links, codes);
    }

    private static <V> Cache<Object, V> thisNode(Cache<Object, V> cache) {
        return cache.getAdvancedCache().withFlags(Flag.CACHE_MODE_LOCAL);
    }

    private static void removeEverywhere(Cache<Object, ?> cache, Collection<String> codes) {
        List<CompletableFuture<?>> removals = new ArrayList<>(codes.size());
        for (String code : codes) {
            removals.add(cache.getAdvancedCache()
                    .withFlags(Flag.IGNORE_RETURN_VALUES)
                    .removeAsync(CodeKey.of(code)));
        }
        CompletableFuture.allOf(removals.toArray(CompletableFuture[]::new)).join();
    }
}
