package io.fuxi.security.boundary;

import io.fuxi.platform.metrics.ApplicationMetrics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/** fuxi.rate.limit.refusals: API calls answered 429 since the start. */
@ApplicationScoped
public class SecurityMetrics {

    @Inject
    ApplicationMetrics metrics;

    void register(@Observes @Initialized(ApplicationScoped.class) Object application) {
        metrics.gauge(
                "rate.limit.refusals",
                "API calls refused by a key's or an address's rate limit, since the start",
                ApiKeyCheck::refusals);
    }
}
