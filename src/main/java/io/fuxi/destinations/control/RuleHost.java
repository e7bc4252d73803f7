package io.fuxi.destinations.control;

import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.web.HostName;

/** The host a new rule names, in the form links are stored and compared in: a host name, never an address literal. */
public final class RuleHost {

    public static final int MAX_LENGTH = 253;

    private RuleHost() {}

    public static String of(String requested) {
        return HostName.ascii(requested)
                .filter(name -> !name.startsWith("["))
                .orElseThrow(() -> new InvalidFieldException("host", "host must be a host name such as example.com"));
    }
}
