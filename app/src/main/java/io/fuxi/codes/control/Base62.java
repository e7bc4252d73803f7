package io.fuxi.codes.control;

/** Fixed-width base62 over 0-9A-Za-z: six characters cover [0, 62^6). */
public final class Base62 {

    public static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    public static final int CODE_LENGTH = 6;
    public static final long SPACE = 56_800_235_584L; // 62^6

    private Base62() {}

    public static String encode(long value) {
        if (value < 0 || value >= SPACE) {
            throw new IllegalArgumentException("outside the 6-character code space: " + value);
        }
        char[] code = new char[CODE_LENGTH];
        for (int i = CODE_LENGTH - 1; i >= 0; i--) {
            code[i] = ALPHABET.charAt((int) (value % 62));
            value /= 62;
        }
        return new String(code);
    }

    public static long decode(String code) {
        if (code.length() != CODE_LENGTH) {
            throw new IllegalArgumentException("a code has " + CODE_LENGTH + " characters: " + code);
        }
        long value = 0;
        for (int i = 0; i < CODE_LENGTH; i++) {
            int digit = ALPHABET.indexOf(code.charAt(i));
            if (digit < 0) {
                throw new IllegalArgumentException("not a base62 character: " + code.charAt(i));
            }
            value = value * 62 + digit;
        }
        return value;
    }
}
