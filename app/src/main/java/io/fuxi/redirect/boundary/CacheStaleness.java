package io.fuxi.redirect.boundary;

import io.fuxi.redirect.control.LinkCache;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;

/**
 * How long a node may still answer a redirect from its caches after the database changed (a link, or a code it
 * remembers as unknown): code recycling waits at least this long before a purged link's code is handed out again.
 */
@ApplicationScoped
public class CacheStaleness {

    @Inject
    LinkCache cache;

    public Duration longest() {
        return cache.longestStaleness();
    }
}
