package io.fuxi.redirect.control;

/**
 * A code as the link caches key it: a code of up to 10 characters (every generated code, most aliases) as one
 * {@code Long}, 24 bytes of heap where the code's string takes 48, and quicker to compare, since equality reads no
 * second object; a longer alias as itself. The same code always gives the same key, and two codes never share one:
 * the long holds the length and every character's 6 bits.
 */
final class CodeKey {

    private static final int MAX_PACKED_LENGTH = 10;
    private static final int LENGTH_SHIFT = 60;

    private CodeKey() {}

    static Object of(String code) {
        int length = code.length();
        if (length > MAX_PACKED_LENGTH) {
            return code;
        }
        long packed = (long) length << LENGTH_SHIFT;
        for (int i = 0; i < length; i++) {
            int bits = sixBits(code.charAt(i));
            if (bits < 0) {
                return code;
            }
            packed |= (long) bits << (6 * i);
        }
        return packed;
    }

    /** 0-63 for a character of A-Za-z0-9_- (what a code is made of), -1 for any other. */
    private static int sixBits(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        } else if (c >= 'A' && c <= 'Z') {
            return c - 'A' + 10;
        } else if (c >= 'a' && c <= 'z') {
            return c - 'a' + 36;
        } else if (c == '-') {
            return 62;
        } else if (c == '_') {
            return 63;
        }
        return -1;
    }
}
