package io.fuxi.links.boundary;

import io.fuxi.platform.rest.Jsons;
import io.fuxi.security.boundary.CurrentCaller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The caller's tags (an admin's: every link's), each with how many links carry it, by name. */
@Path("v1/tags")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
public class TagsResource {

    @Inject
    LinkService links;

    @Inject
    CurrentCaller caller;

    @GET
    public JsonObject list() {
        JsonArrayBuilder tags = Jsons.array();
        for (TagCount tag : links.tags(caller.get())) {
            tags.add(Jsons.object().add("tag", tag.tag()).add("links", tag.links()));
        }
        return Jsons.object().add("tags", tags).build();
    }
}
