package io.fuxi.idempotency.boundary;

import io.fuxi.idempotency.control.Claim;
import io.fuxi.idempotency.control.Fingerprint;
import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.problem.ProblemException;
import io.fuxi.security.boundary.Caller;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Runs an {@link Idempotent} POST once per (API key, Idempotency-Key): a retry with the same request gets the
 * first answer (with {@code Idempotent-Replayed: true}); the same key with another request is a 422; a retry
 * while the first is still running is a 409. Answers of 5xx are not kept, so such a request can be retried.
 */
@Provider
@Idempotent
@Priority(Priorities.USER)
@ApplicationScoped
public class IdempotencyFilter implements ContainerRequestFilter, ContainerResponseFilter {

    public static final String HEADER = "Idempotency-Key";
    private static final String CLAIMED = IdempotencyFilter.class.getName() + ".claimed";

    @Inject
    IdempotentRequests requests;

    @Inject
    Instance<Caller> callers;

    @Override
    public void filter(ContainerRequestContext request) {
        String key = request.getHeaderString(HEADER);
        if (key == null) {
            return;
        }
        if (key.isEmpty() || key.length() > 255 || !key.chars().allMatch(c -> c >= 0x21 && c < 0x7F)) {
            throw new InvalidFieldException(HEADER, "Idempotency-Key must be 1 to 255 printable ASCII characters");
        }
        byte[] body = readBody(request);
        Caller caller = callers.get();
        Claim claim = requests.claim(
                caller.keyId(),
                key,
                Fingerprint.of(request.getMethod(), request.getUriInfo().getPath(), body));
        switch (claim.outcome()) {
            case NEW -> request.setProperty(CLAIMED, new Claimed(caller.keyId(), key));
            case REPLAY -> request.abortWith(replay(claim));
            case MISMATCH ->
                throw new ProblemException(
                        422, "Unprocessable Content", "This Idempotency-Key was used for a different request.", HEADER);
            case IN_PROGRESS ->
                request.abortWith(Response.fromResponse(new ProblemException(
                                        409,
                                        "Conflict",
                                        "A request with this Idempotency-Key is still running; retry shortly.",
                                        HEADER)
                                .toResponse())
                        .header("Retry-After", 1)
                        .build());
        }
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (!(request.getProperty(CLAIMED) instanceof Claimed claimed)) {
            return;
        }
        if (response.getStatus() >= 500) {
            requests.release(claimed.keyId(), claimed.key());
            return;
        }
        String location = response.getHeaderString("Location");
        Object entity = response.getEntity();
        requests.complete(
                claimed.keyId(),
                claimed.key(),
                response.getStatus(),
                location,
                entity == null ? null : entity.toString());
    }

    private static byte[] readBody(ContainerRequestContext request) {
        try {
            byte[] body = request.getEntityStream().readAllBytes();
            request.setEntityStream(new ByteArrayInputStream(body));
            return body;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Response replay(Claim claim) {
        Response.ResponseBuilder answer = Response.status(claim.status()).header("Idempotent-Replayed", "true");
        if (claim.location() != null) {
            answer.header("Location", claim.location());
        }
        if (claim.body() != null) {
            answer.entity(claim.body())
                    .type(claim.status() >= 400 ? "application/problem+json" : MediaType.APPLICATION_JSON);
        }
        return answer.build();
    }

    private record Claimed(long keyId, String key) {}
}
