package io.fuxi.redirect.boundary;

import io.fuxi.links.control.AliasPolicy;
import io.fuxi.redirect.control.CachedLink;
import io.fuxi.redirect.control.LinkResolver;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * GET or HEAD /{code}: a plain servlet filter rather than a JAX-RS resource, because the platform's per-request
 * cost dominates a cached redirect (see docs/adr/0002-redirect-as-servlet-filter.md). Paths that cannot be a
 * code pass through to the rest of the application untouched.
 */
@WebFilter(filterName = "redirect", urlPatterns = "/*")
public class RedirectFilter extends HttpFilter {

    private static final Set<Integer> REDIRECT_STATUSES = Set.of(301, 302, 307, 308);
    private static final int MIN_CODE = 3;
    private static final int MAX_CODE = 20;

    @Inject
    LinkResolver resolver;

    @Inject
    Clock clock;

    @Inject
    @ConfigProperty(name = "fuxi.redirect.status", defaultValue = "302")
    int redirectStatus;

    @Override
    public void init() throws ServletException {
        if (!REDIRECT_STATUSES.contains(redirectStatus)) {
            throw new ServletException("fuxi.redirect.status must be 301, 302, 307 or 308, not " + redirectStatus);
        }
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String code = codeOf(request);
        if (code == null) {
            chain.doFilter(request, response);
            return;
        }
        String method = request.getMethod();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            response.setHeader("Allow", "GET, HEAD");
            response.sendError(405);
            return;
        }
        CachedLink link = resolver.resolve(code);
        if (link == null) {
            ErrorPages.notFound(request, response);
        } else if (link.isExpiredAt(clock.millis())) {
            ErrorPages.gone(request, response);
        } else {
            response.setStatus(redirectStatus);
            response.setHeader("Location", link.location());
        }
    }

    /** The code in a path of the form /{code}, or null when the path cannot be a code or alias. */
    private static String codeOf(HttpServletRequest request) {
        String uri = request.getRequestURI();
        int start = request.getContextPath().length() + 1;
        int length = uri.length() - start;
        if (length < MIN_CODE || length > MAX_CODE || uri.charAt(start - 1) != '/') {
            return null;
        }
        for (int i = start; i < uri.length(); i++) {
            char c = uri.charAt(i);
            boolean allowed = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '-' || c == '_';
            if (!allowed) {
                return null;
            }
        }
        String code = uri.substring(start);
        return AliasPolicy.isReserved(code) ? null : code;
    }
}
