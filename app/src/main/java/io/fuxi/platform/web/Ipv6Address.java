package io.fuxi.platform.web;

import java.util.Optional;

/**
 * An IPv6 address (the text between the brackets of a URL's host) read as browsers read one (the WHATWG URL
 * standard's IPv6 parser: hex pieces, one {@code ::}, an optional dotted IPv4 tail, no zone id) and written in the
 * RFC 5952 form: lower case, no leading zeros, the first longest run of two or more zero pieces as {@code ::}.
 * Addresses with an IPv4 tail are written in hex too, as browsers write them ({@code ::ffff:5db8:d822}).
 */
final class Ipv6Address {

    private final int[] pieces;

    private Ipv6Address(int[] pieces) {
        this.pieces = pieces;
    }

    static Optional<Ipv6Address> parse(String text) {
        return Optional.ofNullable(new Reader(text).read()).map(Ipv6Address::new);
    }

    /**
     * The IPv4 address a browser reaches through this one: an IPv4-mapped address ({@code ::ffff:0:0/96}) is that
     * IPv4 address on every dual-stack host, and one under NAT64's well-known prefix ({@code 64:ff9b::/96}) reaches it
     * from any IPv6-only network with a NAT64 gateway.
     */
    Optional<String> ipv4Within() {
        boolean mapped = zeros(0, 5) && pieces[5] == 0xffff;
        boolean nat64 = pieces[0] == 0x64 && pieces[1] == 0xff9b && zeros(2, 6);
        return mapped || nat64
                ? Optional.of(
                        (pieces[6] >> 8) + "." + (pieces[6] & 255) + "." + (pieces[7] >> 8) + "." + (pieces[7] & 255))
                : Optional.empty();
    }

    @Override
    public String toString() {
        int compress = longestZeroRun();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == compress) {
                text.append(i == 0 ? "::" : ":");
                while (i < 7 && pieces[i + 1] == 0) {
                    i++;
                }
                continue;
            }
            text.append(Integer.toHexString(pieces[i]));
            if (i < 7) {
                text.append(':');
            }
        }
        return text.toString();
    }

    /** Where the first longest run of at least two zero pieces starts, or -1. */
    private int longestZeroRun() {
        int start = -1;
        int longest = 1;
        for (int i = 0; i < 8; ) {
            int end = i;
            while (end < 8 && pieces[end] == 0) {
                end++;
            }
            if (end - i > longest) {
                start = i;
                longest = end - i;
            }
            i = Math.max(end, i + 1);
        }
        return start;
    }

    private boolean zeros(int from, int to) {
        for (int i = from; i < to; i++) {
            if (pieces[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /** The WHATWG IPv6 parser, step by step; null where it fails. */
    private static final class Reader {

        private final String text;
        private final int[] pieces = new int[8];
        private int at;
        private int piece;
        private int compress = -1;

        Reader(String text) {
            this.text = text;
        }

        int[] read() {
            if (peek() == ':') {
                if (peek(1) != ':') {
                    return null;
                }
                at += 2;
                compress = ++piece;
            }
            while (at < text.length()) {
                if (piece == 8) {
                    return null;
                }
                if (peek() == ':') {
                    if (compress != -1) {
                        return null;
                    }
                    at++;
                    compress = ++piece;
                    continue;
                }
                int value = 0;
                int length = 0;
                while (length < 4 && hex(peek()) >= 0) {
                    value = value * 16 + hex(peek());
                    at++;
                    length++;
                }
                if (peek() == '.') {
                    if (length == 0 || piece > 6) {
                        return null;
                    }
                    at -= length;
                    return readIpv4Tail() ? compressed() : null;
                }
                if (peek() == ':') {
                    at++;
                    if (at == text.length()) {
                        return null;
                    }
                } else if (at < text.length()) {
                    return null;
                }
                pieces[piece++] = value;
            }
            return compressed();
        }

        /** Four dotted decimals (no leading zeros) filling the last two pieces. */
        private boolean readIpv4Tail() {
            int seen = 0;
            while (at < text.length()) {
                if (seen > 0) {
                    if (peek() != '.' || seen == 4) {
                        return false;
                    }
                    at++;
                }
                if (!digit(peek())) {
                    return false;
                }
                int number = -1;
                while (digit(peek())) {
                    int d = peek() - '0';
                    if (number == 0) {
                        return false;
                    }
                    number = number < 0 ? d : number * 10 + d;
                    if (number > 255) {
                        return false;
                    }
                    at++;
                }
                pieces[piece] = pieces[piece] * 0x100 + number;
                seen++;
                if (seen == 2 || seen == 4) {
                    piece++;
                }
            }
            return seen == 4;
        }

        /** The pieces with the zeros of {@code ::} put in their place, or null when the count is wrong. */
        private int[] compressed() {
            if (compress == -1) {
                return piece == 8 ? pieces : null;
            }
            int swaps = piece - compress;
            for (int i = 7; i != 0 && swaps > 0; i--, swaps--) {
                int other = compress + swaps - 1;
                int value = pieces[i];
                pieces[i] = pieces[other];
                pieces[other] = value;
            }
            return pieces;
        }

        private char peek() {
            return peek(0);
        }

        private char peek(int ahead) {
            return at + ahead < text.length() ? text.charAt(at + ahead) : 0;
        }

        private static int hex(char c) {
            return Ipv4Address.asciiDigit(c, 16);
        }

        private static boolean digit(char c) {
            return c >= '0' && c <= '9';
        }
    }
}
