package io.fuxi.links.boundary;

import io.fuxi.links.control.CreateCounts;
import io.fuxi.platform.metrics.ApplicationMetrics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/** fuxi.creates{kind=single|bulk-item|refused}: links made through the API, and creates refused, since the start. */
@ApplicationScoped
public class LinkMetrics {

    @Inject
    ApplicationMetrics metrics;

    @Inject
    CreateCounts counts;

    void register(@Observes @Initialized(ApplicationScoped.class) Object application) {
        String description = "Links made through the API (single, bulk-item) and creates refused, since the start";
        metrics.gauge("creates", description, counts::singles, "kind", "single");
        metrics.gauge("creates", description, counts::bulkItems, "kind", "bulk-item");
        metrics.gauge("creates", description, counts::refusals, "kind", "refused");
    }
}
