package io.fuxi.platform.web;

import jakarta.servlet.http.HttpServletRequest;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where a click came from: the socket's address, or, when that address is a trusted proxy (fuxi.proxy.trusted:
 * addresses or CIDR ranges, comma separated), the right-most address in X-Forwarded-For that is not a trusted proxy,
 * read across every line of that header (a proxy may add a line of its own instead of extending the last). The API's
 * rate limits, the console's sign-in throttle and the clicks all take the client's address from here. Only IP
 * literals are ever parsed (never a name, which would mean a DNS lookup).
 */
public final class ClientAddress {

    private static final String FORWARDED_FOR = "X-Forwarded-For";

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    private final List<Range> trusted;

    private ClientAddress(List<Range> trusted) {
        this.trusted = trusted;
    }

    /** @param trustedProxies the setting's value: addresses or CIDR ranges, comma separated */
    public static ClientAddress trusting(Optional<String> trustedProxies) {
        List<Range> ranges = new ArrayList<>();
        for (String entry : trustedProxies.orElse("").split(",")) {
            if (!entry.isBlank()) {
                ranges.add(Range.of(entry.trim()));
            }
        }
        return new ClientAddress(List.copyOf(ranges));
    }

    /** The client's address of this request as text, or null when a trusted proxy passed on no address. */
    public String of(HttpServletRequest request) {
        return of(request.getRemoteAddr(), forwardedFor(request));
    }

    /** Every X-Forwarded-For line of the request, in order, as one list; null without one. */
    public static String forwardedFor(HttpServletRequest request) {
        String first = request.getHeader(FORWARDED_FOR);
        if (first == null) {
            return null;
        }
        Enumeration<String> lines = request.getHeaders(FORWARDED_FOR);
        lines.nextElement();
        if (!lines.hasMoreElements()) {
            return first;
        }
        StringBuilder all = new StringBuilder(first);
        while (lines.hasMoreElements()) {
            all.append(',').append(lines.nextElement());
        }
        return all.toString();
    }

    /** The client's address as text, or null when a trusted proxy passed on no address. */
    public String of(String socketAddress, String forwardedFor) {
        if (forwardedFor == null || trusted.isEmpty() || !isTrusted(socketAddress)) {
            return socketAddress;
        }
        String[] hops = forwardedFor.split(",");
        for (int i = hops.length - 1; i >= 0; i--) {
            String hop = hops[i].trim();
            if (literal(hop).isEmpty()) {
                return null; // a proxy we trust passed on something that is no address: we do not know the client
            }
            if (!isTrusted(hop)) {
                return hop;
            }
        }
        return hops[0].trim();
    }

    private boolean isTrusted(String address) {
        Optional<InetAddress> parsed = literal(address);
        return parsed.isPresent() && trusted.stream().anyMatch(range -> range.contains(parsed.get()));
    }

    /** The address if the text is an IPv4 or IPv6 literal. */
    public static Optional<InetAddress> literal(String text) {
        if (text == null || !(isDottedQuad(text) || IPV6.matcher(text).matches())) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(text)); // a literal: no lookup
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }

    /** Four decimal numbers of 0-255: anything else of digits and dots, such as 999.1.1.1, InetAddress resolves. */
    private static boolean isDottedQuad(String text) {
        if (!IPV4.matcher(text).matches()) {
            return false;
        }
        for (String part : text.split("\\.")) {
            if (Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }

    private record Range(BigInteger network, int prefix, int bits) {

        static Range of(String entry) {
            int slash = entry.indexOf('/');
            String address = slash < 0 ? entry : entry.substring(0, slash);
            byte[] bytes = literal(address)
                    .orElseThrow(
                            () -> new IllegalArgumentException("fuxi.proxy.trusted: not an address or range: " + entry))
                    .getAddress();
            int bits = bytes.length * 8;
            int prefix = slash < 0 ? bits : Integer.parseInt(entry.substring(slash + 1));
            if (prefix < 0 || prefix > bits) {
                throw new IllegalArgumentException("fuxi.proxy.trusted: bad prefix length in " + entry);
            }
            return new Range(new BigInteger(1, bytes).shiftRight(bits - prefix), prefix, bits);
        }

        boolean contains(InetAddress address) {
            byte[] bytes = address.getAddress();
            return bytes.length * 8 == bits
                    && new BigInteger(1, bytes).shiftRight(bits - prefix).equals(network);
        }
    }
}
