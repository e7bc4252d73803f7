package io.fuxi.links.control;

import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.web.HostName;
import io.fuxi.platform.web.PercentEncoding;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Decides whether a long URL may be shortened, and writes it in the one form that is stored and sent in the
 * Location header: absolute http(s), a host in its canonical spelling (HostName: the one the destination rules
 * check, so the redirect goes where the check looked), pure printable ASCII (non-ASCII percent-encoded). Such a string
 * cannot break out of a header, whatever the caller sent. Of the authority only the host is respelled: the port stays,
 * user info is refused.
 */
public class UrlPolicy {

    private static final String FIELD = "url";

    private final LinkOptions options;
    private final String ownHost;

    public UrlPolicy(LinkOptions options) {
        this.options = options;
        this.ownHost = HostName.ofUrl(options.baseUrl().toString()).orElse("");
    }

    public String normalize(String url) {
        if (url.isBlank()) {
            throw invalid("url must not be empty");
        }
        if (url.length() > options.maxUrlLength()) {
            throw invalid("url is longer than " + options.maxUrlLength() + " characters");
        }
        rejectInvisibleCharacters(url);
        URI uri = parse(encodeUnsafeAscii(url));
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw invalid("url must be an absolute http or https URL");
        }
        if (uri.getRawUserInfo() != null) {
            throw invalid("url must not carry a user name or password");
        }
        Authority authority = authority(uri);
        if (isOwnHost(authority.host())) {
            throw invalid("url must not point at this shortener (" + authority.host() + ")");
        }
        String normalized = rebuild(scheme, authority, uri);
        if (normalized.length() > options.maxUrlLength()) {
            throw invalid("url is longer than " + options.maxUrlLength() + " characters once encoded");
        }
        return normalized;
    }

    private static void rejectInvisibleCharacters(String url) {
        for (int i = 0; i < url.length(); i++) {
            char c = url.charAt(i);
            if (c <= 0x20 || c == 0x7F) {
                throw invalid("url must not contain spaces, line breaks or control characters");
            }
            int type = Character.getType(c);
            if (type == Character.CONTROL
                    || type == Character.FORMAT
                    || type == Character.SPACE_SEPARATOR
                    || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR
                    || type == Character.PRIVATE_USE
                    || type == Character.UNASSIGNED) {
                throw invalid("url must not contain invisible or direction-changing characters (U+"
                        + String.format("%04X", (int) c) + ")");
            }
            if (Character.isSurrogate(c) && !validSurrogatePair(url, i)) {
                throw invalid("url is not valid UTF-16 text");
            }
            if (Character.isHighSurrogate(c)) {
                i++;
            }
        }
    }

    private static boolean validSurrogatePair(String text, int i) {
        return Character.isHighSurrogate(text.charAt(i))
                && i + 1 < text.length()
                && Character.isLowSurrogate(text.charAt(i + 1));
    }

    private static URI parse(String url) {
        try {
            return new URI(url);
        } catch (URISyntaxException e) {
            throw invalid("url is not a valid URL: " + e.getReason());
        }
    }

    /** Characters browsers percent-encode rather than refuse; java.net.URI would refuse them. */
    private static String encodeUnsafeAscii(String url) {
        StringBuilder out = new StringBuilder(url.length());
        for (int i = 0; i < url.length(); i++) {
            char c = url.charAt(i);
            if ("\"<>\\^`{|}".indexOf(c) >= 0) {
                PercentEncoding.append(out, c);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private record Authority(String host, int port) {}

    /** java.net.URI leaves host and port unset for internationalised names; those are read and converted here. */
    private static Authority authority(URI uri) {
        if (uri.getHost() != null) {
            return new Authority(asciiHost(uri.getHost()), uri.getPort());
        }
        String raw = uri.getRawAuthority();
        if (raw == null || raw.isEmpty()) {
            throw invalid("url must have a host");
        }
        if (raw.contains("@")) {
            throw invalid("url must not carry a user name or password");
        }
        int colon = raw.lastIndexOf(':');
        if (colon < 0) {
            return new Authority(asciiHost(raw), -1);
        }
        try {
            return new Authority(asciiHost(raw.substring(0, colon)), Integer.parseInt(raw.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw invalid("url has an invalid port");
        }
    }

    private static String asciiHost(String host) {
        return HostName.canonical(host).orElseThrow(() -> invalid("url has an invalid host name"));
    }

    private boolean isOwnHost(String host) {
        return !ownHost.isEmpty() && HostName.isWithin(host, ownHost);
    }

    private static String rebuild(String scheme, Authority authority, URI uri) {
        StringBuilder url = new StringBuilder(scheme).append("://").append(authority.host());
        if (authority.port() != -1) {
            if (authority.port() < 1 || authority.port() > 65535) {
                throw invalid("url has an invalid port");
            }
            url.append(':').append(authority.port());
        }
        appendAscii(url, uri.getRawPath());
        if (uri.getRawQuery() != null) {
            appendAscii(url.append('?'), uri.getRawQuery());
        }
        if (uri.getRawFragment() != null) {
            appendAscii(url.append('#'), uri.getRawFragment());
        }
        return url.toString();
    }

    /** Copies URI text, percent-encoding every non-ASCII character as UTF-8. */
    private static void appendAscii(StringBuilder out, String raw) {
        if (raw == null) {
            return;
        }
        for (int i = 0; i < raw.length(); ) {
            int codePoint = raw.codePointAt(i);
            if (codePoint < 0x80) {
                out.append((char) codePoint);
            } else {
                PercentEncoding.append(out, codePoint);
            }
            i += Character.charCount(codePoint);
        }
    }

    private static InvalidFieldException invalid(String detail) {
        return new InvalidFieldException(FIELD, detail);
    }
}
