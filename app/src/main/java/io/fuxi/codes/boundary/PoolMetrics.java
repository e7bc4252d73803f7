package io.fuxi.codes.boundary;

import io.fuxi.platform.metrics.ApplicationMetrics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * fuxi.pool.loaded, fuxi.pool.handed.out, fuxi.pool.remaining: the code pool as this node last saw it (after its
 * last block reservation, or its check every minute), read without a query at scrape time.
 */
@ApplicationScoped
public class PoolMetrics {

    @Inject
    ApplicationMetrics metrics;

    @Inject
    CodePoolTopUp topUp;

    void register(@Observes @Initialized(ApplicationScoped.class) Object application) {
        metrics.gauge(
                "pool.loaded",
                "Codes loaded into the pool",
                () -> topUp.lastKnown().loaded());
        metrics.gauge(
                "pool.handed.out",
                "Codes handed out to nodes (in blocks)",
                () -> topUp.lastKnown().handedOut());
        metrics.gauge(
                "pool.remaining",
                "Codes loaded and not yet handed out",
                () -> topUp.lastKnown().remaining());
    }
}
