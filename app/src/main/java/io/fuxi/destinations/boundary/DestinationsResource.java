package io.fuxi.destinations.boundary;

import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.rest.ApiLocations;
import io.fuxi.platform.rest.JsonBody;
import io.fuxi.platform.rest.JsonFields;
import io.fuxi.platform.rest.Jsons;
import io.fuxi.security.boundary.Caller;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.util.Set;

/**
 * Admin calls on destination safety: the rules, adding and removing one, and the mode (block-list or allow-list);
 * DestinationStore checks what they ask for.
 */
@Path("v1/destinations")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class DestinationsResource {

    @Inject
    ApiLocations locations;

    private static final Set<String> RULE_FIELDS = Set.of("host", "kind", "note");

    @Inject
    DestinationStore store;

    @Inject
    Caller caller;

    @GET
    public JsonObject read() {
        caller.requireAdmin();
        JsonArrayBuilder rules = Jsons.array();
        store.rules().forEach(rule -> rules.add(rule.toJson()));
        return Jsons.object()
                .add("mode", store.allowListMode() ? "allow" : "block")
                .add("rules", rules)
                .build();
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response add(InputStream body) {
        caller.requireAdmin();
        JsonFields request = JsonFields.of(JsonBody.read(body), RULE_FIELDS);
        RuleView rule = store.add(
                request.string("host").orElse(null),
                request.string("kind").orElse(null),
                request.string("note").orElse(null));
        return Response.created(locations.of("v1/destinations/" + rule.id()))
                .entity(rule.toJson())
                .build();
    }

    @DELETE
    @Path("{id}")
    public Response remove(@PathParam("id") String id) {
        caller.requireAdmin();
        try {
            store.remove(Long.parseLong(id));
        } catch (NumberFormatException e) {
            throw new InvalidFieldException("id", "id must be a whole number");
        }
        return Response.noContent().build();
    }

    @PUT
    @Path("mode")
    @Consumes(MediaType.APPLICATION_JSON)
    public JsonObject mode(InputStream body) {
        caller.requireAdmin();
        String mode = JsonFields.of(JsonBody.read(body), Set.of("mode"))
                .string("mode")
                .orElse(null);
        store.mode(mode);
        return Jsons.object().add("mode", mode).build();
    }
}
