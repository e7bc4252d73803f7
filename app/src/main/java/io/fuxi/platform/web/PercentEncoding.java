package io.fuxi.platform.web;

import java.nio.charset.StandardCharsets;

/** Percent-encoding of one character as its UTF-8 bytes (RFC 3986, section 2.1), with upper-case hex digits. */
public final class PercentEncoding {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private PercentEncoding() {}

    /** Appends {@code %XX} for each UTF-8 byte of the code point (a lone surrogate becomes {@code %3F}, '?'). */
    public static void append(StringBuilder out, int codePoint) {
        for (byte b : new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8)) {
            out.append('%').append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
        }
    }
}
