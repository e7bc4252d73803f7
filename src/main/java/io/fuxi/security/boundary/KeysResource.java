package io.fuxi.security.boundary;

import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.rest.JsonBody;
import io.fuxi.security.control.Caller;
import io.fuxi.security.entity.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.io.InputStream;
import java.net.URI;
import java.math.BigInteger;
import java.util.Locale;
import java.util.Set;

/** Admin calls on API keys: create (the secret is in this answer only), list, revoke. */
@Path("v1/keys")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class KeysResource {

    private static final Set<String> FIELDS = Set.of("name", "role", "rateLimitPerMinute");
    private static final int MAX_RATE = 1_000_000;

    @Inject
    ApiKeys keys;

    @Context
    SecurityContext security;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(InputStream body) {
        admin();
        JsonObject request = object(JsonBody.read(body));
        NewKey created = keys.create(name(request), role(request), rateLimit(request));
        return Response.created(URI.create("/api/v1/keys/" + created.key().id()))
                .entity(created.key().toJsonWithSecret(created.secret()))
                .build();
    }

    @GET
    public JsonObject list() {
        admin();
        JsonArrayBuilder all = Json.createArrayBuilder();
        keys.list().forEach(key -> all.add(key.toJson()));
        return Json.createObjectBuilder().add("keys", all).build();
    }

    @DELETE
    @Path("{id}")
    public Response revoke(@PathParam("id") String id) {
        admin();
        try {
            keys.revoke(Long.parseLong(id));
        } catch (NumberFormatException e) {
            throw new InvalidFieldException("id", "id must be a whole number");
        }
        return Response.noContent().build();
    }

    private void admin() {
        ((Caller) security.getUserPrincipal()).requireAdmin();
    }

    private static JsonObject object(JsonValue body) {
        if (body.getValueType() != JsonValue.ValueType.OBJECT) {
            throw new InvalidFieldException("body", "the body must be a JSON object like {\"name\": \"partner-a\", \"role\": \"partner\"}");
        }
        JsonObject json = body.asJsonObject();
        json.keySet().stream().filter(field -> !FIELDS.contains(field)).findFirst().ifPresent(field -> {
            throw new InvalidFieldException("body", "unknown field; the fields are name, role and rateLimitPerMinute");
        });
        return json;
    }

    private static String name(JsonObject request) {
        JsonValue name = request.get("name");
        if (!(name instanceof JsonString text) || text.getString().isBlank() || text.getString().length() > 100
                || text.getString().codePoints().anyMatch(c -> Character.isISOControl(c) || Character.getType(c) == Character.FORMAT)) {
            throw new InvalidFieldException("name", "name is required: 1 to 100 printable characters");
        }
        return text.getString().strip();
    }

    private static Integer rateLimit(JsonObject request) {
        JsonValue limit = request.get("rateLimitPerMinute");
        if (limit == null || limit.getValueType() == JsonValue.ValueType.NULL) {
            return null;
        }
        if (limit instanceof JsonNumber number && number.isIntegral()
                && number.bigIntegerValue().compareTo(BigInteger.ONE) >= 0 && number.bigIntegerValue().compareTo(BigInteger.valueOf(MAX_RATE)) <= 0) {
            return number.intValue();
        }
        throw new InvalidFieldException("rateLimitPerMinute", "rateLimitPerMinute must be a whole number from 1 to " + MAX_RATE);
    }

    private static Role role(JsonObject request) {
        JsonValue role = request.get("role");
        if (role == null || role.getValueType() == JsonValue.ValueType.NULL) {
            return Role.PARTNER;
        }
        if (role instanceof JsonString text) {
            for (Role candidate : Role.values()) {
                if (candidate.name().toLowerCase(Locale.ROOT).equals(text.getString())) {
                    return candidate;
                }
            }
        }
        throw new InvalidFieldException("role", "role must be \"partner\" or \"admin\"");
    }
}
