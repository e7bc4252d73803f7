package io.fuxi.security.boundary;

import io.fuxi.domains.boundary.Domains;
import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.problem.ProblemException;
import io.fuxi.platform.rest.ApiLocations;
import io.fuxi.platform.rest.JsonBody;
import io.fuxi.platform.rest.JsonFields;
import io.fuxi.platform.rest.Jsons;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Admin calls on API keys: create (the secret is in this answer only; ApiKeys checks the request), list, revoke. */
@Path("v1/keys")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class KeysResource {

    @Inject
    ApiLocations locations;

    private static final Set<String> FIELDS = Set.of("name", "role", "rateLimitPerMinute", "domains");
    private static final Set<String> CHANGES = Set.of("domains");

    @Inject
    ApiKeys keys;

    @Inject
    Caller caller;

    @Inject
    Domains domains;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(InputStream body) {
        caller.requireAdmin();
        JsonFields request = JsonFields.of(JsonBody.read(body), FIELDS);
        NewKey created = keys.create(
                request.string("name").orElse(null),
                request.string("role").orElse(null),
                request.integer("rateLimitPerMinute").orElse(null),
                domains(request));
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

    /** Changes what a key may do: {@code domains}, the hosts of the domains it may put links on (null: every one). */
    @PATCH
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public JsonObject change(@PathParam("id") String id, InputStream body) {
        caller.requireAdmin();
        JsonFields request = JsonFields.of(JsonBody.read(body), CHANGES);
        long keyId = idOf(id);
        if (request.any("domains").isEmpty() && !request.isNull("domains")) {
            return keys.list().stream()
                    .filter(key -> key.id() == keyId)
                    .findFirst()
                    .orElseThrow(() -> new ProblemException(404, "Not Found", "no API key has the id " + id, "id"))
                    .toJson()
                    .build();
        }
        return keys.restrictToDomains(keyId, domains(request)).toJson().build();
    }

    /** The hosts of the domains a request names, each a domain of this shortener; null when it names none. */
    private List<String> domains(JsonFields request) {
        Optional<JsonValue> named = request.any("domains");
        if (named.isEmpty()) {
            return null;
        }
        JsonValue value = named.get();
        if (value.getValueType() != JsonValue.ValueType.ARRAY) {
            throw new InvalidFieldException("domains", "domains must be a list of hosts, or null for every domain");
        }
        List<String> hosts = new ArrayList<>();
        for (JsonValue host : value.asJsonArray()) {
            if (host.getValueType() != JsonValue.ValueType.STRING) {
                throw new InvalidFieldException("domains", "domains must be a list of hosts, or null for every domain");
            }
            String known = domains.named(Optional.of(((JsonString) host).getString()), "domains")
                    .host();
            if (!hosts.contains(known)) {
                hosts.add(known);
            }
        }
        return hosts;
    }

    private static long idOf(String id) {
        try {
            return Long.parseLong(id);
        } catch (NumberFormatException e) {
            throw new InvalidFieldException("id", "id must be a whole number");
        }
    }

    @DELETE
    @Path("{id}")
    public Response revoke(@PathParam("id") String id) {
        caller.requireAdmin();
        keys.revoke(idOf(id));
        return Response.noContent().build();
    }
}
