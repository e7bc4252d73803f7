package io.fuxi.platform.web;

import java.util.Optional;

/**
 * An IPv4 address read as browsers read one (the WHATWG URL standard's IPv4 parser): one to four parts, each decimal,
 * octal with a leading 0 or hexadecimal with 0x, the last filling the bytes that remain; so 1572395042, 0x5db8d822,
 * 0135.0270.0330.042, 93.184.55330 and 93.12113954 are all 93.184.216.34.
 */
final class Ipv4Address {

    private static final long TOO_BIG = 1L << 32;

    private Ipv4Address() {}

    /**
     * Whether browsers read this lower-case name (without a trailing dot) as an IPv4 address, valid or not: its last
     * label is a number.
     */
    static boolean endsInANumber(String name) {
        String last = name.substring(name.lastIndexOf('.') + 1);
        return !last.isEmpty() && (last.chars().allMatch(c -> c >= '0' && c <= '9') || number(last) >= 0);
    }

    /** The address in four decimals, or empty when browsers refuse it (a part too large, more than four parts). */
    static Optional<String> dotted(String name) {
        String[] parts = name.split("\\.", -1);
        if (parts.length > 4) {
            return Optional.empty();
        }
        long address = 0;
        for (int i = 0; i < parts.length; i++) {
            long number = number(parts[i]);
            boolean last = i == parts.length - 1;
            if (number < 0 || number >= (last ? 1L << (8 * (5 - parts.length)) : 256)) {
                return Optional.empty();
            }
            address += last ? number : number << (8 * (3 - i));
        }
        return Optional.of(
                (address >> 24) + "." + (address >> 16 & 255) + "." + (address >> 8 & 255) + "." + (address & 255));
    }

    /** A part's value (at most 2^32, which is too large anywhere), or -1 when it is not a number. */
    private static long number(String part) {
        int radix = 10;
        int from = 0;
        if (part.startsWith("0x") || part.startsWith("0X")) {
            radix = 16;
            from = 2;
        } else if (part.length() > 1 && part.charAt(0) == '0') {
            radix = 8;
            from = 1;
        }
        if (part.isEmpty()) {
            return -1;
        }
        long value = 0;
        for (int i = from; i < part.length(); i++) {
            int digit = asciiDigit(part.charAt(i), radix);
            if (digit < 0) {
                return -1;
            }
            value = Math.min(TOO_BIG, value * radix + digit);
        }
        return value;
    }

    /** Only ASCII digits: Character.digit would also take other scripts' digits. */
    static int asciiDigit(char c, int radix) {
        int digit = c >= '0' && c <= '9'
                ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        return digit < radix ? digit : -1;
    }
}
