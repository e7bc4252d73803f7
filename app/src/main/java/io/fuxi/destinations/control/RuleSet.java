package io.fuxi.destinations.control;

import io.fuxi.platform.web.HostName;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The rules as the hot paths use them: a host name matches a rule for itself or for any domain it lies under
 * (a rule for example.com covers www.example.com); an IP address matches a rule for the same address only. Hosts
 * are compared in their canonical spelling (HostName), so that no other spelling of a host gets past its rule.
 * Immutable; replaced whole when the rules change.
 *
 * @param blocked hosts that may not be linked to, in {@link HostName#comparable} form, with a description of their rule
 * @param allowed hosts that may be linked to in allow-list mode, likewise
 */
public record RuleSet(Map<String, String> blocked, Map<String, String> allowed, boolean allowListMode) {

    public static final RuleSet NONE = new RuleSet(Map.of(), Map.of(), false);

    /** A rule as stored: its host in the spelling it was stored in. */
    public record Stored(long id, String host, boolean allow) {}

    /**
     * The rules, their hosts respelled as links' hosts are: rules stored before hosts were normalised (such as
     * {@code evil.example.} or {@code 1572395042}) match every spelling of their host too, without a migration.
     */
    public static RuleSet of(List<Stored> rules, boolean allowListMode) {
        Map<String, String> blocked = new HashMap<>();
        Map<String, String> allowed = new HashMap<>();
        for (Stored rule : rules) {
            String host = HostName.canonical(rule.host()).orElse(rule.host().toLowerCase(Locale.ROOT));
            (rule.allow() ? allowed : blocked).put(HostName.comparable(host), rule.id() + " (" + host + ")");
        }
        return new RuleSet(Map.copyOf(blocked), Map.copyOf(allowed), allowListMode);
    }

    /** No rules: the common case, free on every redirect. */
    public boolean refusesNothing() {
        return blocked.isEmpty() && !allowListMode;
    }

    /**
     * Why a link to this URL is refused, or empty when it is not. Its host is read only when there are rules; a URL
     * whose host browsers would refuse (a link stored before hosts were normalised, say) is refused then.
     */
    public Optional<String> refusalOfUrl(String url) {
        if (refusesNothing()) {
            return Optional.empty();
        }
        return HostName.ofUrl(url)
                .map(this::refusal)
                .orElseGet(() -> Optional.of("the destination has no host that the destination rules can check"));
    }

    /** Why a link to this host (in its canonical spelling) is refused, or empty when it is not. */
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
        if (HostName.isAddress(host)) {
            return rules.get(HostName.comparable(host));
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
