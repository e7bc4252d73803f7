package io.fuxi.domains.boundary;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * The domains as one node holds them, for lookups on every request: by the host a request names (any case; a host
 * that is not configured is the default domain's) and by id. With no domain but the default, a lookup touches nothing.
 *
 * @param <D> what a domain is to the caller
 */
public final class DomainSet<D> {

    private final D byDefault;
    private final List<D> others;
    private final Map<String, D> byHost = new HashMap<>();
    private final Map<Integer, D> byId = new HashMap<>();

    /**
     * @param hostOf the canonical (lower-case) host of a domain
     * @param idOf   its id
     */
    public DomainSet(D byDefault, List<D> others, Function<D, String> hostOf, ToIntFunction<D> idOf) {
        this.byDefault = byDefault;
        this.others = List.copyOf(others);
        for (D domain : others) {
            byHost.put(hostOf.apply(domain), domain);
            byId.put(idOf.applyAsInt(domain), domain);
        }
    }

    public D byDefault() {
        return byDefault;
    }

    /** The domains besides the default one. */
    public List<D> others() {
        return others;
    }

    /** The domain a request for this host is for: the default one unless another is configured for it. */
    public D forRequestHost(String host) {
        if (byHost.isEmpty() || host == null) {
            return byDefault;
        }
        D exact = byHost.get(host);
        if (exact != null) {
            return exact;
        }
        String lower = host.toLowerCase(Locale.ROOT);
        String name = lower.endsWith(".") ? lower.substring(0, lower.length() - 1) : lower;
        return byHost.getOrDefault(name, byDefault);
    }

    /** The configured domain of this canonical host, or null (also for the default domain's host). */
    public D configured(String host) {
        return byHost.get(host);
    }

    /** The domain with this id; the default one for 0 or an id no domain has any more. */
    public D byId(int id) {
        return id == 0 ? byDefault : byId.getOrDefault(id, byDefault);
    }
}
