package io.fuxi.platform.web;

import java.net.IDN;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;

/**
 * A host in the one spelling that is stored, redirected to and compared, whatever spelling it came in: destination
 * rules, the check against this shortener's own host and the stored long URL all take it from here, so no other
 * spelling of a host gets past a rule for it. Reads text only, never asks DNS.
 */
public final class HostName {

    private HostName() {}

    /**
     * The host's canonical spelling, or empty when browsers would refuse it too. One trailing dot dropped; lower case;
     * internationalised names in punycode (IDNA 2003, as java.net.IDN does it); an IPv4 address in any form browsers
     * read ({@code 1572395042}, {@code 0x5DB8D822}, {@code 0135.0270.0330.042}, {@code 93.184.55042}) as four
     * decimals; an IPv6 literal in brackets in its RFC 5952 form. A name whose last label is a number is an IPv4
     * address to browsers, so it must be a valid one.
     */
    public static Optional<String> canonical(String host) {
        if (host.startsWith("[")) {
            return host.endsWith("]")
                    ? Ipv6Address.parse(host.substring(1, host.length() - 1)).map(address -> "[" + address + "]")
                    : Optional.empty();
        }
        String ascii;
        try {
            ascii = IDN.toASCII(host, IDN.USE_STD3_ASCII_RULES).toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        String name = ascii.endsWith(".") ? ascii.substring(0, ascii.length() - 1) : ascii;
        if (name.isEmpty() || name.startsWith(".") || name.contains("..")) {
            return Optional.empty();
        }
        return Ipv4Address.endsInANumber(name) ? Ipv4Address.dotted(name) : Optional.of(name);
    }

    /** The canonical host of an absolute URL, or empty when it has none (or one browsers would refuse). */
    public static Optional<String> ofUrl(String url) {
        try {
            URI uri = new URI(url);
            String host = uri.getHost() != null ? uri.getHost() : hostOfAuthority(uri.getRawAuthority());
            return host == null ? Optional.empty() : canonical(host);
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }

    /** Whether a canonical host is an IP address, which only itself matches, rather than a name with subdomains. */
    public static boolean isAddress(String canonical) {
        return canonical.startsWith("[") || Ipv4Address.endsInANumber(canonical);
    }

    /**
     * A canonical host in the form hosts are compared in: an IPv6 address through which browsers reach an IPv4 one
     * (IPv4-mapped, or under NAT64's well-known prefix) is that IPv4 address, so that a rule for 93.184.216.34 also
     * holds for [::ffff:5db8:d822] and a rule for either holds for both; every other host is itself.
     */
    public static String comparable(String canonical) {
        return canonical.startsWith("[")
                ? Ipv6Address.parse(canonical.substring(1, canonical.length() - 1))
                        .flatMap(Ipv6Address::ipv4Within)
                        .orElse(canonical)
                : canonical;
    }

    /** Whether a canonical host is the domain or lies under it; an address lies under nothing. */
    public static boolean isWithin(String host, String domain) {
        if (isAddress(host) || isAddress(domain)) {
            return comparable(host).equals(comparable(domain));
        }
        return host.equals(domain) || host.endsWith("." + domain);
    }

    /** The host part of a URL's authority that java.net.URI did not read (an internationalised name, say). */
    private static String hostOfAuthority(String authority) {
        if (authority == null) {
            return null;
        }
        String hostAndPort = authority.substring(authority.lastIndexOf('@') + 1);
        if (hostAndPort.startsWith("[")) {
            int end = hostAndPort.indexOf(']');
            return end < 0 ? null : hostAndPort.substring(0, end + 1);
        }
        int colon = hostAndPort.lastIndexOf(':');
        return colon < 0 ? hostAndPort : hostAndPort.substring(0, colon);
    }
}
