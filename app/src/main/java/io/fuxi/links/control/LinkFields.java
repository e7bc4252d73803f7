package io.fuxi.links.control;

import io.fuxi.links.entity.Link;
import io.fuxi.platform.rest.Jsons;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

/**
 * A link's changeable fields as JSON, for its history: the link's own redirect status and query forwarding (null
 * when it follows the configured default), so a change of the default is not mistaken for a change of the link; of
 * its password only whether it has one ({@code "set"} or null); its domain by host (null: the default domain).
 */
public final class LinkFields {

    private static final String PASSWORD_SET = "set";

    private LinkFields() {}

    /** @param domain the host of the domain the link answers on; null: the default domain */
    public static JsonObject of(Link link, String domain) {
        JsonObjectBuilder fields = Jsons.object()
                .add("url", link.url())
                .add("expiresAt", link.expiresAt().toString())
                .add("enabled", link.enabled());
        add(fields, "redirectStatus", link.redirectStatus() == null ? null : Jsons.number(link.redirectStatus()));
        add(
                fields,
                "forwardQuery",
                link.forwardQuery() == null ? null : link.forwardQuery() ? JsonValue.TRUE : JsonValue.FALSE);
        fields.add("tags", Tags.stored(link.tags()).json());
        add(
                fields,
                "validSince",
                link.validSince() == null ? null : Jsons.text(link.validSince().toString()));
        add(fields, "maxVisits", link.maxVisits() == null ? null : Jsons.number(link.maxVisits()));
        add(fields, "fallbackUrl", link.fallbackUrl() == null ? null : Jsons.text(link.fallbackUrl()));
        add(fields, "password", link.passwordHash() == null ? null : Jsons.text(PASSWORD_SET));
        add(fields, "domain", domain == null ? null : Jsons.text(domain));
        return fields.build();
    }

    /** The fields after a change that gave a link which had a password another one: it shows as replaced. */
    public static JsonObject withPasswordReplaced(JsonObject fields) {
        return Jsons.object(fields).add("password", "replaced").build();
    }

    /** The fields whose values differ, from {@code from}'s side. */
    public static JsonObject changed(JsonObject from, JsonObject to) {
        JsonObjectBuilder changed = Jsons.object();
        from.forEach((name, value) -> {
            if (!value.equals(to.get(name))) {
                changed.add(name, value);
            }
        });
        return changed.build();
    }

    private static void add(JsonObjectBuilder fields, String name, JsonValue value) {
        fields.add(name, value == null ? JsonValue.NULL : value);
    }
}
