package io.fuxi.domains.boundary;

import io.fuxi.domains.entity.Domain;
import io.fuxi.platform.rest.Jsons;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.io.Serializable;
import java.time.Instant;

/**
 * A short domain as callers and the redirect see it.
 *
 * @param id          0 for the default domain (the host of fuxi.base-url)
 * @param rootUrl     where its bare root sends visitors; null: what the default's root answers
 * @param notFoundUrl where an unknown code sends them; null: the 404 page
 * @param fallbackUrl where a link that does not answer sends them when it has no fallback URL of its own; null: the
 *                    page that says why
 * @param createdAt   null for the default domain
 */
public record DomainView(int id, String host, String rootUrl, String notFoundUrl, String fallbackUrl, Instant createdAt)
        implements Serializable {

    public static final int DEFAULT_ID = 0;

    static DomainView of(Domain domain) {
        return new DomainView(
                domain.id(),
                domain.host(),
                domain.rootUrl(),
                domain.notFoundUrl(),
                domain.fallbackUrl(),
                domain.createdAt());
    }

    static DomainView byDefault(String host) {
        return new DomainView(DEFAULT_ID, host, null, null, null, null);
    }

    public boolean isDefault() {
        return id == DEFAULT_ID;
    }

    /** @param links how many links are bound to it */
    public JsonObject toJson(long links) {
        JsonObjectBuilder json = Jsons.object().add("host", host).add("default", isDefault());
        add(json, "rootUrl", rootUrl);
        add(json, "notFoundUrl", notFoundUrl);
        add(json, "fallbackUrl", fallbackUrl);
        json.add("links", links);
        add(json, "createdAt", createdAt == null ? null : createdAt.toString());
        return json.build();
    }

    private static void add(JsonObjectBuilder json, String name, String value) {
        if (value == null) {
            json.addNull(name);
        } else {
            json.add(name, value);
        }
    }
}
