package io.fuxi.redirect.boundary;

import io.fuxi.redirect.control.LinkCache;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/** Live while the link cache takes reads and writes: without it every redirect would go to the database. */
@Liveness
@ApplicationScoped
public class CacheHealth implements HealthCheck {

    @Inject
    LinkCache cache;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("link-cache").status(cache.isRunning()).build();
    }
}
