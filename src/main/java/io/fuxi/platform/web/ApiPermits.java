package io.fuxi.platform.web;

import io.fuxi.platform.problem.Problem;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Semaphore;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * At most fuxi.api.max-concurrent API requests at a time on this node; one more is answered 503 with Retry-After at
 * once. API calls wait on the database and redirects mostly do not: however many creates pile up while the database
 * is slow or out, the rest of the HTTP threads (200 in Payara Micro) stay free for redirects. Taken by the API's
 * bulkhead filter ({@link ApiBulkhead}) and by the single creates answered ahead of the web container.
 */
@ApplicationScoped
public class ApiPermits {

    private static final byte[] BUSY = new Problem(
                    503, "Service Unavailable", "Too many API calls in progress on this node; try again shortly.", null)
            .toJson()
            .getBytes(StandardCharsets.UTF_8);

    @Inject
    @ConfigProperty(name = "fuxi.api.max-concurrent", defaultValue = "64")
    int maxConcurrent;

    private Semaphore permits;

    @PostConstruct
    void init() {
        permits = new Semaphore(Math.max(1, maxConcurrent));
    }

    /** A permit for one call, or false (and the 503 written) when all are taken. */
    public boolean take(HttpServletResponse response) throws IOException {
        if (permits.tryAcquire()) {
            return true;
        }
        response.setStatus(503);
        response.setHeader("Retry-After", "1");
        response.setContentType(Problem.MEDIA_TYPE);
        response.setContentLength(BUSY.length);
        response.getOutputStream().write(BUSY);
        return false;
    }

    public void release() {
        permits.release();
    }
}
