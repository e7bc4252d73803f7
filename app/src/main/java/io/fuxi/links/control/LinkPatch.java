package io.fuxi.links.control;

import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.rest.JsonFields;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * A change to a link: only the fields present change. {@code redirectStatus: null} and {@code forwardQuery: null}
 * return the link to the configured default. Tags are replaced ({@code tags}; null or [] for none), then added to
 * ({@code addTags}) and taken from ({@code removeTags}). {@code validSince}, {@code maxVisits}, {@code fallbackUrl}
 * and {@code password} set to null are removed; {@code domain} set to null moves the link to the default domain.
 */
public record LinkPatch(
        Optional<String> url,
        Optional<Instant> expiresAt,
        Optional<Boolean> enabled,
        Optional<Integer> redirectStatus,
        boolean resetRedirectStatus,
        Optional<Boolean> forwardQuery,
        boolean resetForwardQuery,
        Optional<Tags> tags,
        Tags addTags,
        Tags removeTags,
        Optional<Optional<Instant>> validSince,
        Optional<Optional<Integer>> maxVisits,
        Optional<Optional<String>> fallbackUrl,
        Optional<Optional<String>> password,
        Optional<Optional<String>> domain) {

    private static final Set<String> FIELDS = Set.of(
            "url",
            "expiresAt",
            "enabled",
            "redirectStatus",
            "forwardQuery",
            "tags",
            "addTags",
            "removeTags",
            "validSince",
            "maxVisits",
            "fallbackUrl",
            "password",
            "domain");

    public static LinkPatch from(JsonValue body) {
        JsonFields json = JsonFields.of(body, FIELDS);
        for (String required : Set.of("url", "expiresAt", "enabled")) {
            if (json.isNull(required)) {
                throw new InvalidFieldException(required, required + " cannot be null");
            }
        }
        return new LinkPatch(
                json.string("url"),
                json.instant("expiresAt"),
                json.bool("enabled"),
                json.integer("redirectStatus").map(RedirectStatus::check),
                json.isNull("redirectStatus"),
                json.bool("forwardQuery"),
                json.isNull("forwardQuery"),
                json.isNull("tags") ? Optional.of(Tags.NONE) : json.any("tags").map(tags -> Tags.from(tags, "tags")),
                tagsOf(json, "addTags"),
                tagsOf(json, "removeTags"),
                nullable(json, "validSince", json.instant("validSince")),
                nullable(json, "maxVisits", json.integer("maxVisits").map(LinkRequest::checkedMaxVisits)),
                nullable(json, "fallbackUrl", json.string("fallbackUrl")),
                nullable(json, "password", json.string("password").map(LinkRequest::checkedPassword)),
                nullable(json, "domain", json.string("domain")));
    }

    /** Absent: unchanged; JSON null: removed (an empty value); else the value. */
    private static <T> Optional<Optional<T>> nullable(JsonFields json, String field, Optional<T> value) {
        return json.isNull(field) ? Optional.of(Optional.empty()) : value.map(Optional::of);
    }

    /** The tags the link has after this change, when they were {@code current}. */
    public Tags tagsAfter(Tags current) {
        return tags.orElse(current).plus(addTags, "addTags").minus(removeTags);
    }

    private static Tags tagsOf(JsonFields json, String field) {
        return json.any(field).map(tags -> Tags.from(tags, field)).orElse(Tags.NONE);
    }
}
