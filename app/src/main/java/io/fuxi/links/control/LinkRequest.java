package io.fuxi.links.control;

import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.rest.JsonFields;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * A create request as the caller sent it, read field by field so that each mistake names its field.
 *
 * @param forwardQuery whether the short URL's query string goes on to the target; empty for the configured default
 * @param forceNew     when true, a new link even if the same URL was shortened by the same key within 24 hours
 * @param tags         the link's tags; none when absent
 * @param validSince   when it starts to redirect; empty: at once
 * @param maxVisits    the visits by people it takes before it answers as expired; empty: no limit
 * @param fallbackUrl  where it sends visitors when it does not answer; empty: an error page
 * @param password     the password a browser must give before it is sent on; empty: none
 * @param domain       the host of the domain it answers on; empty: the default domain
 */
public record LinkRequest(
        String url,
        Optional<String> alias,
        Optional<Instant> expiresAt,
        Optional<Integer> redirectStatus,
        Optional<Boolean> forwardQuery,
        boolean forceNew,
        Tags tags,
        Optional<Instant> validSince,
        Optional<Integer> maxVisits,
        Optional<String> fallbackUrl,
        Optional<String> password,
        Optional<String> domain) {

    private static final Set<String> FIELDS = Set.of(
            "url",
            "alias",
            "expiresAt",
            "redirectStatus",
            "forwardQuery",
            "new",
            "tags",
            "validSince",
            "maxVisits",
            "fallbackUrl",
            "password",
            "domain");

    public static LinkRequest from(JsonValue body) {
        JsonFields json = JsonFields.of(body, FIELDS);
        String url = json.string("url").orElseThrow(() -> new InvalidFieldException("url", "url is required"));
        return new LinkRequest(
                url,
                json.string("alias"),
                json.instant("expiresAt"),
                json.integer("redirectStatus").map(RedirectStatus::check),
                json.bool("forwardQuery"),
                json.bool("new").orElse(false),
                json.any("tags").map(tags -> Tags.from(tags, "tags")).orElse(Tags.NONE),
                json.instant("validSince"),
                json.integer("maxVisits").map(LinkRequest::checkedMaxVisits),
                json.string("fallbackUrl"),
                json.string("password").map(LinkRequest::checkedPassword),
                json.string("domain"));
    }

    /** A link's password: 8 to 128 characters. */
    public static String checkedPassword(String password) {
        int length = password.codePointCount(0, password.length());
        if (length < 8 || length > 128) {
            throw new InvalidFieldException("password", "password must be 8 to 128 characters");
        }
        return password;
    }

    /** A visit limit: at least one. */
    public static int checkedMaxVisits(int maxVisits) {
        if (maxVisits < 1) {
            throw new InvalidFieldException("maxVisits", "maxVisits must be at least 1");
        }
        return maxVisits;
    }

    /** Whether an existing link for the same URL may answer this request instead of a new one. */
    public boolean acceptsExistingLink() {
        return !forceNew
                && alias.isEmpty()
                && expiresAt.isEmpty()
                && redirectStatus.isEmpty()
                && forwardQuery.isEmpty()
                && tags.isEmpty()
                && validSince.isEmpty()
                && maxVisits.isEmpty()
                && fallbackUrl.isEmpty()
                && password.isEmpty()
                && domain.isEmpty();
    }
}
