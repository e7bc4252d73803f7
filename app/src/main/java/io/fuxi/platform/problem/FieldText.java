package io.fuxi.platform.problem;

import java.util.Optional;

/**
 * The rule for free text a caller gives, from the API or the console: 1 to maxLength characters, none of them control
 * or invisible formatting characters, kept without surrounding white space. Each mistake names its field.
 */
public final class FieldText {

    private FieldText() {}

    public static String required(String field, String text, int maxLength) {
        return optional(field, text, maxLength).orElseThrow(() -> invalid(field, maxLength));
    }

    /** Null is no text; anything else must follow the rule. */
    public static Optional<String> optional(String field, String text, int maxLength) {
        if (text == null) {
            return Optional.empty();
        }
        if (text.isBlank()
                || text.length() > maxLength
                || text.codePoints()
                        .anyMatch(c -> Character.isISOControl(c) || Character.getType(c) == Character.FORMAT)) {
            throw invalid(field, maxLength);
        }
        return Optional.of(text.strip());
    }

    private static InvalidFieldException invalid(String field, int maxLength) {
        return new InvalidFieldException(field, field + " is required: 1 to " + maxLength + " printable characters");
    }
}
