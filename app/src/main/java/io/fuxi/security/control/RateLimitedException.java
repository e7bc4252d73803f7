package io.fuxi.security.control;

import io.fuxi.platform.problem.ProblemException;
import java.util.Map;

/** Too many calls: the problem says when to try again, and so does the Retry-After header. */
public class RateLimitedException extends ProblemException {

    private final long retryAfterSeconds;

    public RateLimitedException(long retryAfterSeconds, String detail) {
        super(429, "Too Many Requests", detail);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    @Override
    public Map<String, String> headers() {
        return Map.of("Retry-After", String.valueOf(retryAfterSeconds));
    }
}
