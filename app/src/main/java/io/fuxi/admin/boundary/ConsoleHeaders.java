package io.fuxi.admin.boundary;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Headers on every console response, next to the Content-Security-Policy that PrimeFaces writes on each page (with
 * the page's script nonce; see web.xml): no MIME sniffing, no framing, no referrer beyond this origin, no caching of
 * pages that show data.
 */
@WebFilter(filterName = "console-headers", urlPatterns = "/admin/*")
public class ConsoleHeaders extends HttpFilter {

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("Referrer-Policy", "same-origin");
        response.setHeader("Cache-Control", "no-store");
        chain.doFilter(request, response);
    }
}
