package io.fuxi.links.boundary;

import io.fuxi.links.control.CreateCounts;
import io.fuxi.platform.metrics.ApplicationMetrics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * fuxi.creates{kind=single|bulk-item|refused}: links made through the API, and creates refused, since the start;
 * fuxi.creates.early: the single creates the launcher's valve answered (ADR 45); fuxi.same_url_lookups{answer=filter|
 * database}: where creates found out whether the key made a link for the URL.
 */
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
        metrics.gauge(
                "creates.early",
                "Single creates answered by the launcher's valve before the web container's request handling, since the"
                        + " start, whatever their answer (0 on a Payara Micro without it)",
                counts::earlyAnswers);
        String lookups =
                "Creates that asked whether their key made a link for the URL in the last day, since the start,"
                        + " by what answered: the same-URL filter or the database";
        metrics.gauge("same_url_lookups", lookups, counts::sameUrlFromFilter, "answer", "filter");
        metrics.gauge("same_url_lookups", lookups, counts::sameUrlFromDatabase, "answer", "database");
    }
}
