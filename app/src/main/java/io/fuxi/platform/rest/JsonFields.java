package io.fuxi.platform.rest;

import io.fuxi.platform.problem.FieldText;
import io.fuxi.platform.problem.InvalidFieldException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.Set;

/** Reads typed fields of a request object, each mistake naming its field. */
public final class JsonFields {

    private final JsonObject json;

    private JsonFields(JsonObject json) {
        this.json = json;
    }

    /** The body as an object that has no fields but the given ones. */
    public static JsonFields of(JsonValue body, Set<String> allowed) {
        if (body == null || body.getValueType() != JsonValue.ValueType.OBJECT) {
            throw new InvalidFieldException("body", "the body must be a JSON object");
        }
        JsonObject json = body.asJsonObject();
        Optional<String> unknown =
                json.keySet().stream().filter(name -> !allowed.contains(name)).findFirst();
        if (unknown.isPresent()) {
            String fields = String.join(", ", allowed.stream().sorted().toList());
            throw new InvalidFieldException(printable(unknown.get()), "unknown field; the fields are " + fields);
        }
        return new JsonFields(json);
    }

    public boolean isNull(String field) {
        return json.containsKey(field) && json.get(field).getValueType() == JsonValue.ValueType.NULL;
    }

    /** The field's value when it is present and not JSON null, whatever its type: for a reader of its own. */
    public Optional<JsonValue> any(String field) {
        return Optional.ofNullable(present(field));
    }

    public Optional<String> string(String field) {
        return value(field, JsonValue.ValueType.STRING, "a string").map(value -> ((JsonString) value).getString());
    }

    public Optional<Boolean> bool(String field) {
        JsonValue value = present(field);
        if (value == null) {
            return Optional.empty();
        }
        if (value.getValueType() != JsonValue.ValueType.TRUE && value.getValueType() != JsonValue.ValueType.FALSE) {
            throw new InvalidFieldException(field, field + " must be true or false");
        }
        return Optional.of(value.getValueType() == JsonValue.ValueType.TRUE);
    }

    public Optional<Integer> integer(String field) {
        return value(field, JsonValue.ValueType.NUMBER, "a whole number").map(value -> {
            JsonNumber number = (JsonNumber) value;
            if (!number.isIntegral()
                    || number.bigDecimalValue().abs().compareTo(java.math.BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
                throw new InvalidFieldException(field, field + " must be a whole number");
            }
            return number.intValue();
        });
    }

    public Optional<Instant> instant(String field) {
        return string(field).map(text -> {
            try {
                return OffsetDateTime.parse(text).toInstant();
            } catch (DateTimeParseException e) {
                throw new InvalidFieldException(
                        field, field + " must be an ISO-8601 date-time with an offset, e.g. 2027-01-31T12:00:00Z");
            }
        });
    }

    /** Required text of 1 to maxLength characters, none of them control or invisible formatting characters. */
    public String text(String field, int maxLength) {
        return FieldText.required(field, string(field).orElse(null), maxLength);
    }

    public Optional<String> optionalText(String field, int maxLength) {
        return FieldText.optional(field, string(field).orElse(null), maxLength);
    }

    private Optional<JsonValue> value(String field, JsonValue.ValueType type, String description) {
        JsonValue value = present(field);
        if (value == null) {
            return Optional.empty();
        }
        if (value.getValueType() != type) {
            throw new InvalidFieldException(field, field + " must be " + description);
        }
        return Optional.of(value);
    }

    /** The field's value, or null when it is absent or JSON null. */
    private JsonValue present(String field) {
        JsonValue value = json.get(field);
        return value == null || value.getValueType() == JsonValue.ValueType.NULL ? null : value;
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
