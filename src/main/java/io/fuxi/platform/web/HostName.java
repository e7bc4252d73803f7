package io.fuxi.platform.web;

import java.net.IDN;
import java.util.Locale;
import java.util.Optional;

/** A host name in the one form that is stored and compared: lower-case ASCII, internationalised names in punycode. */
public final class HostName {

    private HostName() {}

    public static Optional<String> ascii(String host) {
        if (host.startsWith("[") && host.endsWith("]")) {
            return Optional.of(host.toLowerCase(Locale.ROOT)); // an IPv6 literal, checked by java.net.URI
        }
        try {
            String ascii = IDN.toASCII(host, IDN.USE_STD3_ASCII_RULES).toLowerCase(Locale.ROOT);
            return ascii.isEmpty() || ascii.startsWith(".") || ascii.contains("..")
                    ? Optional.empty()
                    : Optional.of(ascii);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
