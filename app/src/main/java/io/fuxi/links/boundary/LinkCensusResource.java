package io.fuxi.links.boundary;

import io.fuxi.platform.rest.Jsons;
import io.fuxi.security.boundary.Caller;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The last count of links by state, for admins; {@code counted} is false until the first count is done. */
@Path("v1/stats/links")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class LinkCensusResource {

    @Inject
    LinkCensus census;

    @Inject
    Caller caller;

    @GET
    public JsonObject read() {
        caller.requireAdmin();
        JsonObjectBuilder json = Jsons.object();
        census.last()
                .ifPresentOrElse(
                        last -> json.add("counted", true)
                                .add("live", last.live())
                                .add("disabled", last.disabled())
                                .add("expired", last.expired())
                                .add("total", last.total())
                                .add("countedAt", last.countedAt().toString())
                                .add("tookMillis", last.took().toMillis()),
                        () -> json.add("counted", false));
        return json.build();
    }
}
