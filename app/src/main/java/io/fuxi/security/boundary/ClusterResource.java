package io.fuxi.security.boundary;

import io.fuxi.platform.cluster.Cluster;
import io.fuxi.platform.rest.Jsons;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/**
 * The nodes of the cluster as the answering node sees them, for admins: the health checks, which anyone may call, say
 * only how many there are, never their addresses.
 */
@Path("v1/cluster")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class ClusterResource {

    @Inject
    Cluster cluster;

    @Inject
    Caller caller;

    @GET
    public JsonObject read() {
        caller.requireAdmin();
        List<String> members = cluster.members();
        return Jsons.object()
                .add("node", cluster.nodeName())
                .add("clustered", cluster.isClustered())
                .add("members", Jsons.array(members))
                .add("size", members.size())
                .build();
    }
}
