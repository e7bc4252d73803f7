package io.fuxi.links.control;

/** What any code looks like, generated or alias: 3 to 20 characters of A-Za-z0-9_- (the generated ones have 6). */
public final class CodeShape {

    public static final int MIN_LENGTH = 3;
    public static final int MAX_LENGTH = 20;

    private CodeShape() {
    }

    public static boolean matches(CharSequence text) {
        return matches(text, 0, text.length());
    }

    /** Whether text[from, to) has the shape of a code; checks in place, without copying. */
    public static boolean matches(CharSequence text, int from, int to) {
        int length = to - from;
        if (length < MIN_LENGTH || length > MAX_LENGTH) {
            return false;
        }
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '-' || c == '_')) {
                return false;
            }
        }
        return true;
    }
}
