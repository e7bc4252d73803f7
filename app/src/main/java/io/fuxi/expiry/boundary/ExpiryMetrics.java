package io.fuxi.expiry.boundary;

import io.fuxi.platform.metrics.ApplicationMetrics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/** fuxi.purge.runs and fuxi.purge.links: what this node's expiry purges have done since the start. */
@ApplicationScoped
public class ExpiryMetrics {

    @Inject
    ApplicationMetrics metrics;

    @Inject
    ExpiryPurge purge;

    void register(@Observes @Initialized(ApplicationScoped.class) Object application) {
        metrics.gauge(
                "purge.runs",
                "Expiry purges this node ran, since the start",
                () -> purge.totals().runs());
        metrics.gauge(
                "purge.links",
                "Expired links this node purged, since the start",
                () -> purge.totals().linksPurged());
    }
}
