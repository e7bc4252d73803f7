package io.fuxi.destinations.boundary;

import io.fuxi.destinations.entity.DestinationRule;
import io.fuxi.links.control.HostName;
import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.rest.JsonBody;
import io.fuxi.platform.rest.JsonFields;
import io.fuxi.security.control.Caller;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.io.InputStream;
import java.net.URI;
import java.util.Locale;
import java.util.Set;

/** Admin calls on destination safety: the rules, adding and removing one, and the mode (block-list or allow-list). */
@Path("v1/destinations")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class DestinationsResource {

    private static final Set<String> RULE_FIELDS = Set.of("host", "kind", "note");

    @Inject
    DestinationStore store;

    @Context
    SecurityContext security;

    @GET
    public JsonObject read() {
        admin();
        JsonArrayBuilder rules = Json.createArrayBuilder();
        store.rules().forEach(rule -> rules.add(json(rule)));
        return Json.createObjectBuilder().add("mode", store.allowListMode() ? "allow" : "block").add("rules", rules).build();
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response add(InputStream body) {
        admin();
        JsonFields request = JsonFields.of(JsonBody.read(body), RULE_FIELDS);
        String host = HostName.ascii(request.text("host", 253))
                .filter(name -> !name.startsWith("["))
                .orElseThrow(() -> new InvalidFieldException("host", "host must be a host name such as example.com"));
        DestinationRule rule = store.add(host, kind(request), request.optionalText("note", 200).orElse(null));
        return Response.created(URI.create("/api/v1/destinations/" + rule.id())).entity(json(rule)).build();
    }

    @DELETE
    @Path("{id}")
    public Response remove(@PathParam("id") String id) {
        admin();
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
        admin();
        String mode = JsonFields.of(JsonBody.read(body), Set.of("mode")).text("mode", 10);
        if (!mode.equals("block") && !mode.equals("allow")) {
            throw new InvalidFieldException("mode", "mode must be \"block\" (refuse listed hosts) or \"allow\" (accept only listed hosts)");
        }
        store.allowListMode(mode.equals("allow"));
        return Json.createObjectBuilder().add("mode", mode).build();
    }

    private void admin() {
        ((Caller) security.getUserPrincipal()).requireAdmin();
    }

    private static JsonObject json(DestinationRule rule) {
        JsonObjectBuilder json = Json.createObjectBuilder()
                .add("id", rule.id())
                .add("host", rule.host())
                .add("kind", rule.kind().name().toLowerCase(Locale.ROOT))
                .add("createdAt", rule.createdAt().toString());
        if (rule.note() == null) {
            json.addNull("note");
        } else {
            json.add("note", rule.note());
        }
        return json.build();
    }

    private static DestinationRule.Kind kind(JsonFields request) {
        return switch (request.string("kind").orElse("block")) {
            case "block" -> DestinationRule.Kind.BLOCK;
            case "allow" -> DestinationRule.Kind.ALLOW;
            default -> throw new InvalidFieldException("kind", "kind must be \"block\" or \"allow\"");
        };
    }
}
