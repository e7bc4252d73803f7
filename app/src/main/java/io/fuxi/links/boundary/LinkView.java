package io.fuxi.links.boundary;

import io.fuxi.links.control.LinkOptions;
import io.fuxi.links.control.Tags;
import io.fuxi.links.entity.Link;
import io.fuxi.platform.hash.Sha256;
import io.fuxi.platform.rest.Jsons;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
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
 * @param validSince     when it starts to redirect; null: since its creation
 * @param maxVisits      the visits by people it takes; null: no limit
 * @param visitsLeft     of those, the ones left; null without a limit
 * @param fallbackUrl    where it sends visitors when it does not answer; null: an error page
 * @param passwordStamp  0 when it has no password; else a number that changes with its password (a digest of the
 *                       hash, never the hash), which signs the cookie a right password sets
 * @param domainId       the domain it answers on; 0: the default domain
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
        List<String> tags,
        Instant validSince,
        Integer maxVisits,
        Integer visitsLeft,
        String fallbackUrl,
        long passwordStamp,
        int domainId)
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
                new Limits(
                        link.validSince(),
                        link.maxVisits(),
                        link.visits(),
                        link.fallbackUrl(),
                        passwordStamp(link.passwordHash())),
                link.domainId(),
                options);
    }

    /**
     * What a link's row holds of a later start, a visit limit, a fallback URL and a password; none for most links.
     */
    record Limits(Instant validSince, Integer maxVisits, int visits, String fallbackUrl, long passwordStamp) {

        static final Limits NONE = new Limits(null, null, 0, null, 0);

        Integer visitsLeft() {
            return maxVisits == null ? null : Math.max(0, maxVisits - visits);
        }
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
            Limits limits,
            int domainId,
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
                Tags.stored(tags).values(),
                limits.validSince(),
                limits.maxVisits(),
                limits.visitsLeft(),
                limits.fallbackUrl(),
                limits.passwordStamp(),
                domainId);
    }

    /** The stamp of a stored password hash: 0 for none, else never 0. */
    static long passwordStamp(String passwordHash) {
        if (passwordHash == null) {
            return 0;
        }
        return ByteBuffer.wrap(Sha256.of(passwordHash.getBytes(StandardCharsets.US_ASCII)))
                        .getLong()
                | 1;
    }

    /** Whether a browser must give a password before it is sent on. */
    public boolean passwordProtected() {
        return passwordStamp != 0;
    }

    /** @param domain the host of the domain it answers on; null: the default domain */
    public JsonObject toJson(String shortUrl, String domain) {
        JsonObjectBuilder json = Jsons.object().add("code", code).add("shortUrl", shortUrl);
        addOrNull(json, "domain", domain);
        json.add("url", url)
                .add("createdAt", createdAt.toString())
                .add("expiresAt", expiresAt.toString())
                .add("enabled", enabled)
                .add("redirectStatus", redirectStatus)
                .add("forwardQuery", forwardQuery)
                .add("tags", Jsons.array(tags));
        addOrNull(json, "validSince", validSince == null ? null : validSince.toString());
        addOrNull(json, "maxVisits", maxVisits);
        addOrNull(json, "visitsLeft", visitsLeft);
        addOrNull(json, "fallbackUrl", fallbackUrl);
        json.add("passwordProtected", passwordProtected());
        return json.build();
    }

    private static void addOrNull(JsonObjectBuilder json, String name, Object value) {
        if (value == null) {
            json.addNull(name);
        } else if (value instanceof Integer number) {
            json.add(name, number);
        } else {
            json.add(name, value.toString());
        }
    }

    /** {@code live} (its redirect leads on now), {@code expired} or {@code disabled}, as the console shows it. */
    public String stateAt(Instant now) {
        return !enabled ? "disabled" : expiresAt.isAfter(now) ? "live" : "expired";
    }
}
