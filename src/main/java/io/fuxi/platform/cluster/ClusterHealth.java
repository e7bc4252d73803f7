package io.fuxi.platform.cluster;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Which nodes this one sees (itself alone when not clustered): what an operator checks after adding a node. */
@Readiness
@ApplicationScoped
public class ClusterHealth implements HealthCheck {

    @Inject
    Cluster cluster;

    @Override
    public HealthCheckResponse call() {
        List<String> members = cluster.members();
        return HealthCheckResponse.named("cluster")
                .status(cluster.isRunning())
                .withData("node", cluster.nodeName())
                .withData("clustered", cluster.isClustered())
                .withData("members", String.join(",", members))
                .withData("size", members.size())
                .build();
    }
}
