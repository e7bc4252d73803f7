package io.fuxi.links.boundary;

import io.fuxi.links.entity.Link;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Instant;

/**
 * A link as callers see it: plain data, never the managed entity.
 *
 * @param redirectStatus the link's own status, or null for the configured default
 */
public record LinkView(String code, String url, Instant createdAt, Instant expiresAt, boolean enabled, Integer redirectStatus) {

    static LinkView of(Link link) {
        return new LinkView(link.code(), link.url(), link.createdAt(), link.expiresAt(), link.enabled(), link.redirectStatus());
    }

    public JsonObject toJson(String shortUrl, int defaultRedirectStatus) {
        JsonObjectBuilder json = Json.createObjectBuilder()
                .add("code", code)
                .add("shortUrl", shortUrl)
                .add("url", url)
                .add("createdAt", createdAt.toString())
                .add("expiresAt", expiresAt.toString())
                .add("enabled", enabled)
                .add("redirectStatus", redirectStatus == null ? defaultRedirectStatus : redirectStatus);
        return json.build();
    }
}
