package io.fuxi.redirect.control;

import io.fuxi.platform.web.PercentEncoding;

/**
 * Passes the query string of a short URL on to its target: {@code /abc123?utm_source=x} leads to the target with
 * {@code utm_source=x} after the target's own parameters and before its {@code #fragment}. Repeated keys stay
 * repeated, in order. Every character that may not stand in a URL's query is percent-encoded, so whatever the query
 * held, the Location header carries printable ASCII only.
 */
public final class QueryForwarding {

    private QueryForwarding() {}

    /**
     * The target with the query appended; the target itself when the query is null or empty.
     *
     * @param target a stored long URL: absolute, printable ASCII, its fragment (if any) after the first '#'
     * @param query  the request's query string as it arrived, undecoded
     */
    public static String apply(String target, String query) {
        if (query == null || query.isEmpty()) {
            return target;
        }
        int hash = target.indexOf('#');
        int end = hash < 0 ? target.length() : hash;
        int questionMark = target.indexOf('?');
        boolean hasQuery = questionMark >= 0 && questionMark < end;
        StringBuilder location = new StringBuilder(target.length() + query.length() + 8).append(target, 0, end);
        if (!hasQuery) {
            location.append('?');
        } else if (end - 1 > questionMark && target.charAt(end - 1) != '&') {
            location.append('&');
        }
        appendEncoded(location, query);
        return location.append(target, end, target.length()).toString();
    }

    /** Copies query text, percent-encoding (as UTF-8) every character outside RFC 3986's query characters. */
    private static void appendEncoded(StringBuilder out, String query) {
        for (int i = 0; i < query.length(); i++) {
            char c = query.charAt(i);
            if (isQueryCharacter(c)) {
                out.append(c);
            } else if (c == '%' && i + 2 < query.length() && isHex(query.charAt(i + 1)) && isHex(query.charAt(i + 2))) {
                out.append(c); // an escape the client made stays as it is
            } else {
                int codePoint = Character.isHighSurrogate(c) && i + 1 < query.length() ? query.codePointAt(i) : c;
                PercentEncoding.append(out, codePoint);
                i += Character.charCount(codePoint) - 1;
            }
        }
    }

    /** unreserved, sub-delims, ':', '@', '/' and '?' (RFC 3986, section 3.4); never '%', '#', space or controls. */
    private static boolean isQueryCharacter(char c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || "-._~!$&'()*+,;=:@/?".indexOf(c) >= 0;
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f');
    }
}
