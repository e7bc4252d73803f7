package io.fuxi.links.boundary;

import io.fuxi.links.control.LinkOptions;
import io.fuxi.links.control.Tags;
import io.fuxi.links.entity.Link;
import io.fuxi.platform.rest.Jsons;
import jakarta.json.JsonObject;
import java.io.Serializable;
import java.time.Instant;
import java.util.List;

/**
 * A link as callers see it: plain data, never the managed entity.
 *
 * @param redirectStatus the status its redirect answers with: the link's own, or the configured default
 * @param forwardQuery   whether its redirect passes the short URL's query string on: the link's own choice, or the
 *                       configured default
 * @param ownerKeyId     the API key that owns it
 * @param tags           its tags, lower-case, in the order given (see Tags)
 */
public record LinkView(
        String code,
        String url,
        Instant createdAt,
        Instant expiresAt,
        boolean enabled,
        int redirectStatus,
        boolean forwardQuery,
        long ownerKeyId,
        List<String> tags)
        implements Serializable {

    public LinkView {
        tags = tags == null ? List.of() : List.copyOf(tags); // null from a node that had no tags yet
    }

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
                link.tags(),
                options);
    }

    /** A link's row as stored: a null status or query choice means the configured default, null tags none. */
    static LinkView of(
            String code,
            String url,
            Instant createdAt,
            Instant expiresAt,
            boolean enabled,
            Integer redirectStatus,
            Boolean forwardQuery,
            long ownerKeyId,
            String tags,
            LinkOptions options) {
        return new LinkView(
                code,
                url,
                createdAt,
                expiresAt,
                enabled,
                redirectStatus == null ? options.defaultRedirectStatus() : redirectStatus,
                forwardQuery == null ? options.defaultForwardQuery() : forwardQuery,
                ownerKeyId,
                Tags.stored(tags).values());
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
                .add("tags", Jsons.array(tags))
                .build();
    }

    /** {@code live} (its redirect leads on now), {@code expired} or {@code disabled}, as the console shows it. */
    public String stateAt(Instant now) {
        return !enabled ? "disabled" : expiresAt.isAfter(now) ? "live" : "expired";
    }
}
