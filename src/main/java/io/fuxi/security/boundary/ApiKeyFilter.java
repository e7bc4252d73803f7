package io.fuxi.security.boundary;

import io.fuxi.platform.problem.Problem;
import io.fuxi.security.control.RateLimitedException;
import io.fuxi.security.control.RateLimiter;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Every partner API call carries a key: {@code Authorization: Bearer <key>} or {@code X-API-Key: <key>}.
 * Calls are rate-limited per key; calls without a valid key per client address, and once an address has used up
 * its allowance its calls are refused before the database is asked about their keys. The limits hold across the
 * nodes of a cluster (SharedRateLimits).
 */
@Provider
@Priority(Priorities.AUTHENTICATION)
@ApplicationScoped
public class ApiKeyFilter implements ContainerRequestFilter {

    private static final LongAdder REFUSALS = new LongAdder();

    private static final String BEARER = "Bearer ";

    @Inject
    KeyCache keys;

    @Inject
    KeyUse use;

    @Inject
    CurrentCaller current;

    @Inject
    @ConfigProperty(name = "fuxi.api.rate-limit.per-key", defaultValue = "1200")
    int perKeyPerMinute;

    @Inject
    @ConfigProperty(name = "fuxi.api.rate-limit.per-address", defaultValue = "60")
    int perAddressPerMinute;

    @Inject
    SharedRateLimits limits;

    /** Weld's: JAX-RS's @Context proxy looked the request up through HK2 on every call (1% of a create's CPU). */
    @Inject
    HttpServletRequest servletRequest;

    @Override
    public void filter(ContainerRequestContext request) {
        RateLimiter limiter = limits.limiter();
        String address = "address:" + servletRequest.getRemoteAddr();
        if (limiter.isExhausted(address)) {
            refuse(
                    request,
                    limiter.take(address, perAddressPerMinute),
                    "Too many calls without a valid API key from this address.");
            return;
        }
        Optional<Caller> caller = secret(request).flatMap(keys::authenticate);
        if (caller.isEmpty()) {
            long wait = limiter.take(address, perAddressPerMinute);
            if (wait > 0) {
                refuse(request, wait, "Too many calls without a valid API key from this address.");
            } else {
                request.abortWith(Response.fromResponse(new Problem(
                                        401,
                                        "Unauthorized",
                                        "A valid API key is required: Authorization: Bearer <key>.",
                                        "Authorization")
                                .toResponse())
                        .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"fuxi\"")
                        .build());
            }
            return;
        }
        Caller who = caller.get();
        long wait = limiter.take(
                "key:" + who.keyId(), who.rateLimitPerMinute() == null ? perKeyPerMinute : who.rateLimitPerMinute());
        if (wait > 0) {
            refuse(request, wait, "This API key has used up its calls for now.");
            return;
        }
        use.used(who.keyId());
        current.authenticated(who);
    }

    /** Calls refused by a rate limit since the start. */
    public static long refusals() {
        return REFUSALS.sum();
    }

    private static void refuse(ContainerRequestContext request, long retryAfterSeconds, String detail) {
        REFUSALS.increment();
        request.abortWith(new RateLimitedException(Math.max(1, retryAfterSeconds), detail).toResponse());
    }

    private static Optional<String> secret(ContainerRequestContext request) {
        String authorization = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        if (authorization != null && authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return nonBlank(authorization.substring(BEARER.length()).trim());
        }
        return nonBlank(request.getHeaderString("X-API-Key"));
    }

    private static Optional<String> nonBlank(String value) {
        return value == null || value.isBlank() || value.length() > 200 ? Optional.empty() : Optional.of(value.trim());
    }
}
