package io.fuxi.security.boundary;

import io.fuxi.platform.problem.Problem;
import io.fuxi.security.control.Caller;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.ext.Provider;
import java.security.Principal;
import java.util.Optional;

/** Every partner API call carries a key: {@code Authorization: Bearer <key>} or {@code X-API-Key: <key>}. */
@Provider
@Priority(Priorities.AUTHENTICATION)
@ApplicationScoped
public class ApiKeyFilter implements ContainerRequestFilter {

    private static final String BEARER = "Bearer ";

    @Inject
    ApiKeys keys;

    @Inject
    KeyUse use;

    @Override
    public void filter(ContainerRequestContext request) {
        Optional<Caller> caller = secret(request).flatMap(keys::authenticate);
        if (caller.isEmpty()) {
            request.abortWith(jakarta.ws.rs.core.Response.fromResponse(
                            new Problem(401, "Unauthorized", "A valid API key is required: Authorization: Bearer <key>.", "Authorization")
                                    .toResponse())
                    .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"fuxi\"")
                    .build());
            return;
        }
        use.used(caller.get().keyId());
        boolean secure = request.getSecurityContext().isSecure();
        request.setSecurityContext(new CallerContext(caller.get(), secure));
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

    private record CallerContext(Caller caller, boolean secure) implements SecurityContext {
        @Override
        public Principal getUserPrincipal() {
            return caller;
        }

        @Override
        public boolean isUserInRole(String role) {
            return caller.role().name().equalsIgnoreCase(role);
        }

        @Override
        public boolean isSecure() {
            return secure;
        }

        @Override
        public String getAuthenticationScheme() {
            return "Bearer";
        }
    }
}
