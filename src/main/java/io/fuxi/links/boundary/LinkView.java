package io.fuxi.links.boundary;

import io.fuxi.links.entity.Link;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.Instant;

/**
 * A link as callers see it: plain data, never the managed entity.
 *
 * @param redirectStatus the status its redirect answers with: the link's own, or the configured default
 */
public record LinkView(
        String code, String url, Instant createdAt, Instant expiresAt, boolean enabled, int redirectStatus) {

    static LinkView of(Link link, int defaultRedirectStatus) {
        return new LinkView(
                link.code(),
                link.url(),
                link.createdAt(),
                link.expiresAt(),
                link.enabled(),
                link.redirectStatus() == null ? defaultRedirectStatus : link.redirectStatus());
    }

    public JsonObject toJson(String shortUrl) {
        return Json.createObjectBuilder()
                .add("code", code)
                .add("shortUrl", shortUrl)
                .add("url", url)
                .add("createdAt", createdAt.toString())
                .add("expiresAt", expiresAt.toString())
                .add("enabled", enabled)
                .add("redirectStatus", redirectStatus)
                .build();
    }
}
