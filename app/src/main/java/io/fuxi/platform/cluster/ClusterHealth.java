package io.fuxi.platform.cluster;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * How many nodes this one sees (itself alone when not clustered): what an operator checks after adding a node. Anyone
 * may call the health checks, so they name no address; which nodes they are is for admins (GET /api/v1/cluster).
 */
@Readiness
@ApplicationScoped
public class ClusterHealth implements HealthCheck {

    @Inject
    Cluster cluster;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("cluster")
                .status(cluster.isRunning())
                .withData("clustered", cluster.isClustered())
                .withData("size", cluster.members().size())
                .build();
    }
}
