package io.fuxi.destinations.control;

import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.web.HostName;

/**
 * The host a new rule names, in the spelling links are stored and compared in (HostName): a host name, an IPv4 address
 * in any form browsers read, or an IPv6 address with or without its brackets.
 */
public final class RuleHost {

    public static final int MAX_LENGTH = 253;

    private RuleHost() {}

    public static String of(String requested) {
        String host = requested.contains(":") && !requested.startsWith("[") ? "[" + requested + "]" : requested;
        return HostName.canonical(host)
                .orElseThrow(() -> new InvalidFieldException(
                        "host", "host must be a host name such as example.com, or an IP address"));
    }
}
