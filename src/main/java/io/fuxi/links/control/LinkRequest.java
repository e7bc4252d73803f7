package io.fuxi.links.control;

import io.fuxi.platform.problem.InvalidFieldException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.Set;

/** A create request as the caller sent it, read field by field so that each mistake names its field. */
public record LinkRequest(String url, Optional<String> alias, Optional<Instant> expiresAt) {

    private static final Set<String> FIELDS = Set.of("url", "alias", "expiresAt");

    public static LinkRequest from(JsonValue body) {
        if (body == null || body.getValueType() != JsonValue.ValueType.OBJECT) {
            throw new InvalidFieldException("body", "the body must be a JSON object");
        }
        JsonObject json = body.asJsonObject();
        json.keySet().stream()
                .filter(name -> !FIELDS.contains(name))
                .findFirst()
                .ifPresent(name -> {
                    throw new InvalidFieldException(printable(name), "unknown field; the fields are url, alias and expiresAt");
                });
        String url = string(json, "url").orElseThrow(() -> new InvalidFieldException("url", "url is required"));
        return new LinkRequest(url, string(json, "alias"), string(json, "expiresAt").map(LinkRequest::instant));
    }

    private static Optional<String> string(JsonObject json, String field) {
        JsonValue value = json.get(field);
        if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.empty();
        }
        if (value.getValueType() != JsonValue.ValueType.STRING) {
            throw new InvalidFieldException(field, field + " must be a string");
        }
        return Optional.of(((JsonString) value).getString());
    }

    private static Instant instant(String text) {
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException e) {
            throw new InvalidFieldException("expiresAt", "expiresAt must be an ISO-8601 date-time with an offset, e.g. 2027-01-31T12:00:00Z");
        }
    }

    /** Field names come from the caller: keep them short and printable before echoing one back. */
    private static String printable(String name) {
        String cleaned = name.codePoints()
                .filter(c -> c >= 0x20 && c < 0x7F)
                .limit(40)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
                .toString();
        return cleaned.isEmpty() ? "?" : cleaned;
    }
}
