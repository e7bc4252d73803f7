package io.fuxi.destinations.control;

import java.util.Map;
import java.util.Optional;

/**
 * The rules as the hot paths use them: a host matches a rule for itself or for any domain it lies under
 * (a rule for example.com covers www.example.com). Immutable; replaced whole when the rules change.
 *
 * @param blocked hosts that may not be linked to, with a description of their rule
 * @param allowed hosts that may be linked to in allow-list mode, with a description of their rule
 */
public record RuleSet(Map<String, String> blocked, Map<String, String> allowed, boolean allowListMode) {

    public static final RuleSet NONE = new RuleSet(Map.of(), Map.of(), false);

    /** No rules: the common case, free on every redirect. */
    public boolean refusesNothing() {
        return blocked.isEmpty() && !allowListMode;
    }

    /** Why a link to this (lower-case ASCII) host is refused, or empty when it is not. */
    public Optional<String> refusal(String host) {
        if (refusesNothing()) {
            return Optional.empty();
        }
        String block = match(blocked, host);
        if (block != null) {
            return Optional.of("the destination " + host + " is blocked by rule " + block);
        }
        if (allowListMode && match(allowed, host) == null) {
            return Optional.of("the destination " + host + " is not on the allow-list");
        }
        return Optional.empty();
    }

    private static String match(Map<String, String> rules, String host) {
        if (rules.isEmpty()) {
            return null;
        }
        for (int from = 0; from >= 0; from = host.indexOf('.', from) < 0 ? -1 : host.indexOf('.', from) + 1) {
            String rule = rules.get(from == 0 ? host : host.substring(from));
            if (rule != null) {
                return rule;
            }
        }
        return null;
    }
}
