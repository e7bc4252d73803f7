package io.fuxi.links.boundary;

import io.fuxi.links.control.LinkOptions;
import io.fuxi.links.entity.Link;
import io.fuxi.platform.rest.Jsons;
import jakarta.json.JsonObject;
import java.io.Serializable;
import java.time.Instant;

/**
 * A link as callers see it: plain data, never the managed entity.
 *
 * @param redirectStatus the status its redirect answers with: the link's own, or the configured default
 * @param forwardQuery   whether its redirect passes the short URL's query string on: the link's own choice, or the
 *                       configured default
 * @param ownerKeyId     the API key that owns it
 */
public record LinkView(
        String code,
        String url,
        Instant createdAt,
        Instant expiresAt,
        boolean enabled,
        int redirectStatus,
        boolean forwardQuery,
        long ownerKeyId)
        implements Serializable {

    static LinkView of(Link link, LinkOptions options) {
        return of(
                link.code(),
                link.url(),
                link.createdAt(),
                link.expiresAt(),
                link.enabled(),
                link.redirectStatus(),
                link.forwardQuery(),
                link.ownerKeyId(),
                options);
    }

    /** A link's row as stored: a null status or query choice means the configured default. */
    static LinkView of(
            String code,
            String url,
            Instant createdAt,
            Instant expiresAt,
            boolean enabled,
            Integer redirectStatus,
            Boolean forwardQuery,
            long ownerKeyId,
            LinkOptions options) {
        return new LinkView(
                code,
                url,
                createdAt,
                expiresAt,
                enabled,
                redirectStatus == null ? options.defaultRedirectStatus() : redirectStatus,
                forwardQuery == null ? options.defaultForwardQuery() : forwardQuery,
                ownerKeyId);
    }

    public JsonObject toJson(String shortUrl) {
        return Jsons.object()
                .add("code", code)
                .add("shortUrl", shortUrl)
                .add("url", url)
                .add("createdAt", createdAt.toString())
                .add("expiresAt", expiresAt.toString())
                .add("enabled", enabled)
                .add("redirectStatus", redirectStatus)
                .add("forwardQuery", forwardQuery)
                .build();
    }

    /** {@code live} (its redirect leads on now), {@code expired} or {@code disabled}, as the console shows it. */
    public String stateAt(Instant now) {
        return !enabled ? "disabled" : expiresAt.isAfter(now) ? "live" : "expired";
    }
}
