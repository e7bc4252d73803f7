package io.fuxi.platform.web;

import io.fuxi.platform.problem.Problem;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Semaphore;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * At most fuxi.api.max-concurrent API requests at a time on this node; one more is answered 503 with Retry-After at
 * once. API calls wait on the database and redirects mostly do not: however many creates pile up while the database
 * is slow or out, the rest of the HTTP threads (200 in Payara Micro) stay free for redirects. Mapped in web.xml, ahead
 * of every other filter of the API.
 */
public class ApiBulkhead extends HttpFilter {

    private static final byte[] BUSY = new Problem(
                    503, "Service Unavailable", "Too many API calls in progress on this node; try again shortly.", null)
            .toJson()
            .getBytes(StandardCharsets.UTF_8);

    @Inject
    @ConfigProperty(name = "fuxi.api.max-concurrent", defaultValue = "64")
    int maxConcurrent;

    private Semaphore permits;

    @Override
    public void init() {
        permits = new Semaphore(Math.max(1, maxConcurrent));
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!permits.tryAcquire()) {
            response.setStatus(503);
            response.setHeader("Retry-After", "1");
            response.setContentType(Problem.MEDIA_TYPE);
            response.setContentLength(BUSY.length);
            response.getOutputStream().write(BUSY);
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            permits.release();
        }
    }
}
