package io.fuxi.clicks.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready while the click flush keeps up: no more than a few intervals since it last wrote everything it had. */
@Readiness
@ApplicationScoped
public class ClickFlushHealth implements HealthCheck {

    @Inject
    ClickFlush flush;

    @Override
    public HealthCheckResponse call() {
        FlushStatus status = flush.status();
        long now = System.currentTimeMillis(); // the process's time: the application's clock may be moved in tests
        return HealthCheckResponse.named("click-flush")
                .status(!status.isBehind(now))
                .withData("secondsSinceComplete", (now - status.lastCompleteMillis()) / 1000)
                .withData("lastDurationMillis", status.lastDurationMillis())
                .withData("pendingLinks", status.pendingLinkDays())
                .withData("droppedClicks", status.counts().dropped())
                .build();
    }
}
