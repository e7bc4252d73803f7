package io.fuxi.security.control;

import io.fuxi.platform.problem.ProblemException;
import jakarta.ws.rs.core.Response;

/** Too many calls: the problem says when to try again, and so does the Retry-After header. */
public class RateLimitedException extends ProblemException {

    private final long retryAfterSeconds;

    public RateLimitedException(long retryAfterSeconds, String detail) {
        super(429, "Too Many Requests", detail);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    @Override
    public Response toResponse() {
        return Response.fromResponse(super.toResponse())
                .header("Retry-After", retryAfterSeconds)
                .build();
    }
}
