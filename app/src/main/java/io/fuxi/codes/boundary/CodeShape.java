package io.fuxi.codes.boundary;

/**
 * What a code looks like. Any code, generated or alias, is 3 to 20 characters of A-Za-z0-9_-; a generated one is
 * exactly 6 characters of the base62 alphabet (0-9A-Za-z), so an alias with '-' or '_' can never equal one.
 */
public final class CodeShape {

    private static final int MIN_LENGTH = 3;
    private static final int MAX_LENGTH = 20;
    private static final int GENERATED_LENGTH = 6;

    private CodeShape() {}

    /** Whether the text could be any code, generated or alias. */
    public static boolean isCode(CharSequence text) {
        return isCode(text, 0, text.length());
    }

    /** Whether text[from, to) could be any code; checks in place, without copying (the redirect asks on every request). */
    public static boolean isCode(CharSequence text, int from, int to) {
        int length = to - from;
        return length >= MIN_LENGTH && length <= MAX_LENGTH && allCodeCharacters(text, from, to, true);
    }

    /** Whether the text is one the generator can produce: six base62 characters. Aliases never are. */
    public static boolean isGenerated(CharSequence text) {
        return text.length() == GENERATED_LENGTH && allCodeCharacters(text, 0, GENERATED_LENGTH, false);
    }

    private static boolean allCodeCharacters(CharSequence text, int from, int to, boolean aliasPunctuation) {
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            boolean base62 = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
            if (!base62 && !(aliasPunctuation && (c == '-' || c == '_'))) {
                return false;
            }
        }
        return true;
    }
}
