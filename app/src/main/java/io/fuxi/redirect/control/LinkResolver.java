package io.fuxi.redirect.control;

import io.fuxi.links.boundary.LinkChanged;
import io.fuxi.links.boundary.LinkCreated;
import io.fuxi.links.boundary.LinkDeleted;
import io.fuxi.links.boundary.LinkLookup;
import io.fuxi.links.boundary.LinkView;
import io.fuxi.links.boundary.LinksPurged;
import io.fuxi.platform.beans.Unproxied;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;

/**
 * Finds where a code leads. A cache hit never touches the database; a miss reads the link once and caches it,
 * or remembers briefly that the code is unknown. A change or deletion drops the cached entry once committed, so
 * the very next redirect reads the new state.
 */
@ApplicationScoped
public class LinkResolver {

    @Inject
    BeanManager beans;

    @Inject
    LinkCache cache;

    @Inject
    LinkLookup links;

    @Inject
    RedirectCounts counts;

    /** The cache, the counters and the lookup of the redirect path, held without their client proxies (ADR 32). */
    @PostConstruct
    void holdUnproxied() {
        cache = Unproxied.of(beans, LinkCache.class);
        counts = Unproxied.of(beans, RedirectCounts.class);
        links = Unproxied.of(beans, LinkLookup.class);
    }

    /** The link if the cache holds it, or null. */
    public CachedLink cached(String code) {
        CachedLink hit = cache.get(code);
        counts.cacheLookup(hit != null);
        return hit;
    }

    /** The link read from the database (and cached), or null when no link has this code. */
    public CachedLink load(String code) {
        if (cache.isKnownUnknown(code)) {
            return null;
        }
        Object ticket = cache.loading(code);
        CachedLink link;
        try {
            link = links.find(code).map(LinkResolver::cached).orElse(null);
        } catch (RuntimeException unread) {
            cache.readFailed(code, ticket);
            throw unread;
        }
        cache.loaded(code, ticket, link);
        return link;
    }

    private static CachedLink cached(LinkView link) {
        return new CachedLink(
                link.url(),
                link.redirectStatus(),
                link.expiresAt().toEpochMilli(),
                link.enabled(),
                link.forwardQuery(),
                link.validSince() == null ? 0 : link.validSince().toEpochMilli(),
                link.maxVisits() != null,
                link.fallbackUrl(),
                link.passwordStamp(),
                link.domainId());
    }

    /**
     * A new link is cached here as soon as it is committed, so its first redirect on this node is already a hit; every
     * node forgets that its code was unknown before the create is answered.
     */
    void onCreated(@Observes(during = TransactionPhase.AFTER_SUCCESS) LinkCreated created) {
        created.links().forEach(link -> cache.put(link.code(), cached(link)));
        cache.forgetUnknown(created.links().stream().map(LinkView::code).toList());
    }

    void onChanged(@Observes(during = TransactionPhase.AFTER_SUCCESS) LinkChanged changed) {
        cache.evict(changed.code());
    }

    void onDeleted(@Observes(during = TransactionPhase.AFTER_SUCCESS) LinkDeleted deleted) {
        cache.evict(deleted.code());
    }

    /** Purged links answer 404 at once on every node. */
    void onPurged(@Observes LinksPurged purged) {
        cache.evictAll(purged.codes());
    }
}
