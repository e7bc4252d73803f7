package io.fuxi.security.boundary;

import io.fuxi.platform.rest.Jsons;
import io.fuxi.security.entity.ApiKey;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.io.Serializable;
import java.time.Instant;
import java.util.List;

/** An API key as admins see it: never its secret, which exists only in the answer that created it. */
public record KeyView(
        long id,
        String name,
        String role,
        Instant createdAt,
        Instant lastUsedAt,
        Instant revokedAt,
        Integer rateLimitPerMinute,
        List<String> domains)
        implements Serializable {

    static KeyView of(ApiKey key) {
        return new KeyView(
                key.id(),
                key.name(),
                key.role().name().toLowerCase(),
                key.createdAt(),
                key.lastUsedAt(),
                key.revokedAt(),
                key.rateLimitPerMinute(),
                key.domains());
    }

    public JsonObjectBuilder toJson() {
        JsonObjectBuilder json =
                Jsons.object().add("id", id).add("name", name).add("role", role).add("createdAt", createdAt.toString());
        add(json, "lastUsedAt", lastUsedAt);
        add(json, "revokedAt", revokedAt);
        if (rateLimitPerMinute == null) {
            json.addNull("rateLimitPerMinute");
        } else {
            json.add("rateLimitPerMinute", rateLimitPerMinute);
        }
        if (domains == null) {
            json.addNull("domains");
        } else {
            json.add("domains", Jsons.array(domains));
        }
        return json;
    }

    public JsonObject toJsonWithSecret(String secret) {
        return toJson().add("secret", secret).build();
    }

    private static void add(JsonObjectBuilder json, String name, Instant value) {
        if (value == null) {
            json.addNull(name);
        } else {
            json.add(name, value.toString());
        }
    }
}
