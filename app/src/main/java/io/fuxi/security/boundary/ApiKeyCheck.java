package io.fuxi.security.boundary;

import io.fuxi.platform.beans.Unproxied;
import io.fuxi.platform.web.ClientAddress;
import io.fuxi.security.control.MissingKeyException;
import io.fuxi.security.control.RateLimitedException;
import io.fuxi.security.control.RateLimiter;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Every partner API call carries a key: {@code Authorization: Bearer <key>} or {@code X-API-Key: <key>}.
 * Calls are rate-limited per key; calls without a valid key per client address (the same one the clicks and the
 * console see: {@link ClientAddress}, behind trusted proxies the client's, not the proxy's). An address that has used
 * up its allowance gets 429 for every call without a valid key, and its made-up keys no longer cost a query each
 * ({@link KeyCache}); a valid key is never refused for its address's failures. The limits hold across the nodes of a
 * cluster (SharedRateLimits). Used by the JAX-RS resources' filter ({@link ApiKeyFilter}) and by the
 * single creates answered ahead of JAX-RS.
 */
@ApplicationScoped
public class ApiKeyCheck {

    private static final LongAdder REFUSALS = new LongAdder();

    private static final String BEARER = "Bearer ";

    @Inject
    BeanManager beans;

    @Inject
    KeyCache keys;

    @Inject
    KeyUse use;

    @Inject
    @ConfigProperty(name = "fuxi.api.rate-limit.per-key", defaultValue = "1200")
    int perKeyPerMinute;

    @Inject
    @ConfigProperty(name = "fuxi.api.rate-limit.per-address", defaultValue = "60")
    int perAddressPerMinute;

    @Inject
    SharedRateLimits limits;

    @Inject
    @ConfigProperty(name = "fuxi.proxy.trusted")
    Optional<String> trustedProxies;

    private ClientAddress clients;

    /** The beans of the create path, held without their client proxies (ADR 53). */
    @PostConstruct
    void holdUnproxied() {
        keys = Unproxied.of(beans, KeyCache.class);
        use = Unproxied.of(beans, KeyUse.class);
        limits = Unproxied.of(beans, SharedRateLimits.class);
        clients = ClientAddress.trusting(trustedProxies);
    }

    /**
     * The caller whose key the request carries, its call counted against the key's limit; or a problem: 401 for a
     * missing or unknown key, 429 for a key or an address that has used up its calls.
     */
    public Caller caller(HttpServletRequest request) {
        RateLimiter limiter = limits.limiter();
        String address = "address:" + clients.of(request);
        boolean sparingly = limiter.isExhausted(address);
        Optional<Caller> caller = secret(request).flatMap(secret -> keys.authenticate(secret, sparingly));
        if (caller.isEmpty()) {
            long wait = limiter.take(address, perAddressPerMinute);
            throw wait > 0
                    ? refused(wait, "Too many calls without a valid API key from this address.")
                    : new MissingKeyException();
        }
        Caller who = caller.get();
        long wait = limiter.take(
                "key:" + who.keyId(), who.rateLimitPerMinute() == null ? perKeyPerMinute : who.rateLimitPerMinute());
        if (wait > 0) {
            throw refused(wait, "This API key has used up its calls for now.");
        }
        use.used(who.keyId());
        return who;
    }

    /** Calls refused by a rate limit since the start. */
    public static long refusals() {
        return REFUSALS.sum();
    }

    private static RateLimitedException refused(long retryAfterSeconds, String detail) {
        REFUSALS.increment();
        return new RateLimitedException(Math.max(1, retryAfterSeconds), detail);
    }

    private static Optional<String> secret(HttpServletRequest request) {
        String authorization = request.getHeader("Authorization");
        if (authorization != null && authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return nonBlank(authorization.substring(BEARER.length()).trim());
        }
        return nonBlank(request.getHeader("X-API-Key"));
    }

    private static Optional<String> nonBlank(String value) {
        return value == null || value.isBlank() || value.length() > 200 ? Optional.empty() : Optional.of(value.trim());
    }
}
