package io.fuxi.security.boundary;

import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.rest.ApiLocations;
import io.fuxi.platform.rest.JsonBody;
import io.fuxi.platform.rest.JsonFields;
import io.fuxi.platform.rest.Jsons;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.util.Set;

/** Admin calls on API keys: create (the secret is in this answer only; ApiKeys checks the request), list, revoke. */
@Path("v1/keys")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class KeysResource {

    @Inject
    ApiLocations locations;

    private static final Set<String> FIELDS = Set.of("name", "role", "rateLimitPerMinute");

    @Inject
    ApiKeys keys;

    @Inject
    Caller caller;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(InputStream body) {
        caller.requireAdmin();
        JsonFields request = JsonFields.of(JsonBody.read(body), FIELDS);
        NewKey created = keys.create(
                request.string("name").orElse(null),
                request.string("role").orElse(null),
                request.integer("rateLimitPerMinute").orElse(null));
        return Response.created(locations.of("v1/keys/" + created.key().id()))
                .entity(created.key().toJsonWithSecret(created.secret()))
                .build();
    }

    @GET
    public JsonObject list() {
        caller.requireAdmin();
        JsonArrayBuilder all = Jsons.array();
        keys.list().forEach(key -> all.add(key.toJson()));
        return Jsons.object().add("keys", all).build();
    }

    @DELETE
    @Path("{id}")
    public Response revoke(@PathParam("id") String id) {
        caller.requireAdmin();
        try {
            keys.revoke(Long.parseLong(id));
        } catch (NumberFormatException e) {
            throw new InvalidFieldException("id", "id must be a whole number");
        }
        return Response.noContent().build();
    }
}
