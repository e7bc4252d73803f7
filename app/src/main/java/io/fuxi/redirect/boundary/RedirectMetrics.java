package io.fuxi.redirect.boundary;

import io.fuxi.platform.metrics.ApplicationMetrics;
import io.fuxi.redirect.control.LinkCache;
import io.fuxi.redirect.control.RedirectCounts;
import io.fuxi.redirect.control.RedirectCounts.Outcome;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Locale;

/**
 * fuxi.redirects{outcome=hit|miss|unknown|expired|disabled|blocked|not_yet_valid|over_limit|password|unavailable},
 * fuxi.redirects.early (the codes the launcher's valve answered, ADRs 26 and 56), and the link cache:
 * fuxi.cache.entries, hits, misses and evictions.
 */
@ApplicationScoped
public class RedirectMetrics {

    @Inject
    ApplicationMetrics metrics;

    @Inject
    RedirectCounts counts;

    @Inject
    LinkCache cache;

    void register(@Observes @Initialized(ApplicationScoped.class) Object application) {
        for (Outcome outcome : Outcome.values()) {
            metrics.gauge(
                    "redirects",
                    "Redirect requests since the start, by how they ended (hit and miss: redirected, with the link"
                            + " from the cache or from the database)",
                    () -> counts.count(outcome),
                    "outcome",
                    outcome.name().toLowerCase(Locale.ROOT));
        }
        metrics.gauge(
                "redirects.early",
                "GETs and HEADs of a code answered by the launcher's valve before the web container's request handling, since the start"
                        + " (0 on a Payara Micro without it)",
                counts::early);
        metrics.gauge("cache.entries", "Links in this node's cache", cache::entries);
        metrics.gauge("cache.hits", "Cache lookups that found the link, since the start", counts::cacheHits);
        metrics.gauge("cache.misses", "Cache lookups that did not, since the start", counts::cacheMisses);
        metrics.gauge("cache.evictions", "Links dropped because the cache was full, since the start", cache::evictions);
    }

    /** The share of cache lookups that found their link since this node started, or NaN before the first lookup. */
    public double cacheHitRatio() {
        long hits = counts.cacheHits();
        long lookups = hits + counts.cacheMisses();
        return lookups == 0 ? Double.NaN : (double) hits / lookups;
    }
}
