package io.fuxi.redirect.control;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.configuration.global.GlobalConfigurationBuilder;
import org.infinispan.eviction.EvictionStrategy;
import org.infinispan.manager.DefaultCacheManager;
import org.infinispan.notifications.Listener;
import org.infinispan.notifications.cachelistener.annotation.CacheEntriesEvicted;
import org.infinispan.notifications.cachelistener.event.CacheEntriesEvictedEvent;

/**
 * The only class that knows Infinispan. Two caches: links by code (bounded by count), and codes recently found
 * unknown (short-lived), so that a scanner guessing codes reaches the database once per code, not once per request.
 */
@ApplicationScoped
public class LinkCache {

    @Inject
    @ConfigProperty(name = "fuxi.cache.max-links", defaultValue = "1000000")
    long maxLinks;

    /** Bounds how long a node can serve a link changed or purged elsewhere; a recycled code waits at least this long. */
    @Inject
    @ConfigProperty(name = "fuxi.cache.link-ttl-seconds", defaultValue = "300")
    long linkTtlSeconds;

    @Inject
    @ConfigProperty(name = "fuxi.cache.unknown-ttl-seconds", defaultValue = "30")
    long unknownTtlSeconds;

    @Inject
    @ConfigProperty(name = "fuxi.cache.max-unknown", defaultValue = "100000")
    long maxUnknown;

    private final LongAdder evictions = new LongAdder();
    private DefaultCacheManager manager;
    private Cache<String, CachedLink> links;
    private Cache<String, Boolean> unknown;

    /** Starts the cache with the application rather than on the first redirect. */
    void startEagerly(@Observes @Initialized(ApplicationScoped.class) Object application) {
        links.getName();
    }

    @PostConstruct
    void start() {
        GlobalConfigurationBuilder global = new GlobalConfigurationBuilder().nonClusteredDefault();
        global.classLoader(LinkCache.class.getClassLoader());
        global.jmx().disable();
        manager = new DefaultCacheManager(global.build());
        ConfigurationBuilder linkCache = new ConfigurationBuilder();
        linkCache.memory().maxCount(maxLinks).whenFull(EvictionStrategy.REMOVE);
        linkCache.expiration().lifespan(linkTtlSeconds, TimeUnit.SECONDS);
        manager.defineConfiguration("links", linkCache.build());
        ConfigurationBuilder unknownCache = new ConfigurationBuilder();
        unknownCache.memory().maxCount(maxUnknown).whenFull(EvictionStrategy.REMOVE);
        unknownCache.expiration().lifespan(unknownTtlSeconds, TimeUnit.SECONDS);
        manager.defineConfiguration("unknown-codes", unknownCache.build());
        links = manager.getCache("links");
        links.addListener(new EvictionCounter(evictions));
        unknown = manager.getCache("unknown-codes");
    }

    @PreDestroy
    void stop() {
        manager.stop();
    }

    /** The longest a node may answer for a code from its caches after the database changed: a link or an unknown code. */
    public Duration longestStaleness() {
        return Duration.ofSeconds(linkTtlSeconds + unknownTtlSeconds);
    }

    public boolean isRunning() {
        return manager.getStatus().allowInvocations() && links.getStatus().allowInvocations();
    }

    /** Links held now (expired ones not yet removed included): a count the container keeps, not a walk. */
    public int entries() {
        return links.getAdvancedCache().getDataContainer().sizeIncludingExpired();
    }

    /** Links dropped because the cache was full, since the start. */
    public long evictions() {
        return evictions.sum();
    }

    public CachedLink get(String code) {
        return links.get(code);
    }

    public boolean isKnownUnknown(String code) {
        return unknown.containsKey(code);
    }

    public void put(String code, CachedLink link) {
        links.put(code, link);
        unknown.remove(code);
    }

    public void evict(String code) {
        links.remove(code);
    }

    public void rememberUnknown(String code) {
        unknown.put(code, Boolean.TRUE);
    }

    /** Counts the entries a full cache evicts (Infinispan calls public listeners only). */
    @Listener
    public static final class EvictionCounter {

        private final LongAdder evictions;

        EvictionCounter(LongAdder evictions) {
            this.evictions = evictions;
        }

        @CacheEntriesEvicted
        public void evicted(CacheEntriesEvictedEvent<?, ?> event) {
            evictions.add(event.getEntries().size());
        }
    }
}
