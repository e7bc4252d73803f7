package io.fuxi.platform.metrics;

import io.fuxi.platform.database.DatabaseErrors;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/** fuxi.database.errors: failures caused by the database, since the start. */
@ApplicationScoped
public class PlatformMetrics {

    @Inject
    ApplicationMetrics metrics;

    void register(@Observes @Initialized(ApplicationScoped.class) Object application) {
        metrics.gauge(
                "database.errors",
                "Failures the database caused (an SQLException among their causes), since the start",
                DatabaseErrors::count);
    }
}
