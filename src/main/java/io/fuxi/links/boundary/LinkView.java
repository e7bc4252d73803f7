package io.fuxi.links.boundary;

import io.fuxi.links.entity.Link;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.Instant;

/** A link as callers see it: plain data, never the managed entity. */
public record LinkView(String code, String url, Instant createdAt, Instant expiresAt) {

    static LinkView of(Link link) {
        return new LinkView(link.code(), link.url(), link.createdAt(), link.expiresAt());
    }

    public JsonObject toJson(String shortUrl) {
        return Json.createObjectBuilder()
                .add("code", code)
                .add("shortUrl", shortUrl)
                .add("url", url)
                .add("createdAt", createdAt.toString())
                .add("expiresAt", expiresAt.toString())
                .build();
    }
}
