package io.fuxi.domains.control;

import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.web.HostName;
import java.util.regex.Pattern;

/**
 * The host a new domain names, in the spelling requests and links are compared in (HostName): a DNS name of letters,
 * digits and hyphens (an internationalised one in punycode), never an address, a port, a path or a scheme.
 */
public final class DomainHost {

    public static final int MAX_LENGTH = 253;

    private static final Pattern NAME = Pattern.compile(
            "(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*");

    private DomainHost() {}

    public static String of(String requested) {
        String refusal = "host must be a domain name such as go.example.com, without a scheme, port or path";
        if (requested.isEmpty() || requested.length() > MAX_LENGTH || requested.endsWith(".")) {
            throw new InvalidFieldException("host", refusal);
        }
        String host = HostName.canonical(requested)
                .filter(name -> !HostName.isAddress(name))
                .filter(name -> NAME.matcher(name).matches())
                .orElseThrow(() -> new InvalidFieldException("host", refusal));
        if (host.length() > MAX_LENGTH) {
            throw new InvalidFieldException("host", refusal);
        }
        return host;
    }
}
