package io.fuxi.platform.web;

import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Every API call holds one of the node's {@link ApiPermits} while it runs, or is answered 503 at once. Mapped in
 * web.xml, ahead of every other filter of the API.
 */
public class ApiBulkhead extends HttpFilter {

    @Inject
    ApiPermits permits;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String permit = permits.take(request, response);
        if (permit == null) {
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            permits.release(permit);
        }
    }
}
