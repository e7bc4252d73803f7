package io.fuxi.clicks.control;

import java.util.Locale;

/** The host of a Referer header, in lower case, or null when the header is not an http(s) URL with a plain host. */
public final class RefererHost {

    static final int MAX_HOST_LENGTH = 253;

    private RefererHost() {}

    public static String of(String referer) {
        if (referer == null) {
            return null;
        }
        int start = schemeEnd(referer);
        if (start < 0) {
            return null;
        }
        int end = start;
        while (end < referer.length() && "/?#".indexOf(referer.charAt(end)) < 0) {
            end++;
        }
        String authority = referer.substring(start, end);
        authority = authority.substring(authority.lastIndexOf('@') + 1);
        String host;
        if (authority.startsWith("[")) {
            host = authority.substring(0, authority.indexOf(']') + 1);
        } else {
            int colon = authority.indexOf(':');
            host = colon < 0 ? authority : authority.substring(0, colon);
        }
        if (host.endsWith(".")) {
            host = host.substring(0, host.length() - 1);
        }
        return isHost(host) ? host.toLowerCase(Locale.ROOT) : null;
    }

    private static int schemeEnd(String referer) {
        if (referer.regionMatches(true, 0, "https://", 0, 8)) {
            return 8;
        }
        return referer.regionMatches(true, 0, "http://", 0, 7) ? 7 : -1;
    }

    private static boolean isHost(String host) {
        if (host.isEmpty() || host.length() > MAX_HOST_LENGTH) {
            return false;
        }
        boolean bracketed = host.charAt(0) == '[';
        if (bracketed && (host.length() < 3 || host.charAt(host.length() - 1) != ']')) {
            return false;
        }
        for (int i = bracketed ? 1 : 0; i < host.length() - (bracketed ? 1 : 0); i++) {
            char c = host.charAt(i);
            boolean allowed = bracketed
                    ? (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == ':' || c == '.'
                    : (c >= '0' && c <= '9')
                            || (c >= 'a' && c <= 'z')
                            || (c >= 'A' && c <= 'Z')
                            || c == '-'
                            || c == '.';
            if (!allowed) {
                return false;
            }
        }
        return true;
    }
}
