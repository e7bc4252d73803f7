package io.fuxi.clicks.boundary;

import io.fuxi.platform.metrics.ApplicationMetrics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/** fuxi.clicks{state=counted|flushed|dropped}, fuxi.clicks.pending.links and fuxi.clicks.flush.duration. */
@ApplicationScoped
public class ClickMetrics {

    @Inject
    ApplicationMetrics metrics;

    @Inject
    ClickRecorder recorder;

    @Inject
    ClickFlush flush;

    void register(@Observes @Initialized(ApplicationScoped.class) Object application) {
        String description = "Clicks since the start: counted (aggregated), flushed (written), dropped (over a bound)";
        metrics.gauge("clicks", description, () -> recorder.counts().counted(), "state", "counted");
        metrics.gauge("clicks", description, () -> flush.status().flushedClicks(), "state", "flushed");
        metrics.gauge("clicks", description, () -> recorder.counts().dropped(), "state", "dropped");
        metrics.gauge(
                "clicks.pending.links",
                "Links and days whose clicks wait for a flush",
                () -> recorder.counts().pendingLinkDays());
        metrics.gauge(
                "clicks.flush.duration",
                "How long the last click flush took, in milliseconds",
                () -> flush.status().lastDurationMillis());
    }
}
