package io.fuxi.destinations.boundary;

import io.fuxi.destinations.entity.DestinationRule;
import io.fuxi.links.control.HostName;
import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.rest.JsonBody;
import io.fuxi.security.control.Caller;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
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
        JsonObject request = object(JsonBody.read(body), RULE_FIELDS);
        String host = HostName.ascii(string(request, "host", 253))
                .filter(name -> !name.startsWith("["))
                .orElseThrow(() -> new InvalidFieldException("host", "host must be a host name such as example.com"));
        DestinationRule rule = store.add(host, kind(request), request.containsKey("note") ? string(request, "note", 200) : null);
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
        String mode = string(object(JsonBody.read(body), Set.of("mode")), "mode", 10);
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

    private static JsonObject object(JsonValue body, Set<String> fields) {
        if (body.getValueType() != JsonValue.ValueType.OBJECT) {
            throw new InvalidFieldException("body", "the body must be a JSON object");
        }
        body.asJsonObject().keySet().stream().filter(field -> !fields.contains(field)).findFirst().ifPresent(field -> {
            throw new InvalidFieldException("body", "unknown field; the fields are " + String.join(", ", fields.stream().sorted().toList()));
        });
        return body.asJsonObject();
    }

    private static String string(JsonObject request, String field, int maxLength) {
        JsonValue value = request.get(field);
        if (!(value instanceof JsonString text) || text.getString().isBlank() || text.getString().length() > maxLength
                || text.getString().codePoints().anyMatch(c -> Character.isISOControl(c) || Character.getType(c) == Character.FORMAT)) {
            throw new InvalidFieldException(field, field + " is required: 1 to " + maxLength + " printable characters");
        }
        return text.getString().strip();
    }

    private static DestinationRule.Kind kind(JsonObject request) {
        if (!request.containsKey("kind")) {
            return DestinationRule.Kind.BLOCK;
        }
        String kind = string(request, "kind", 5);
        return switch (kind) {
            case "block" -> DestinationRule.Kind.BLOCK;
            case "allow" -> DestinationRule.Kind.ALLOW;
            default -> throw new InvalidFieldException("kind", "kind must be \"block\" or \"allow\"");
        };
    }
}
