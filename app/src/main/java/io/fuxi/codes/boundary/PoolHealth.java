package io.fuxi.codes.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready while the code pool is above its low-water mark or a top-up is running on this node. Since a reservation
 * that leaves the pool low starts a top-up at once, DOWN means that top-ups fail.
 */
@Readiness
@ApplicationScoped
public class PoolHealth implements HealthCheck {

    @Inject
    CodePoolTopUp topUp;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("code-pool")
                .status(topUp.isHealthy())
                .withData("remaining", topUp.lastKnown().remaining())
                .build();
    }
}
