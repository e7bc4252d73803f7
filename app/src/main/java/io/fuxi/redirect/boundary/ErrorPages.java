package io.fuxi.redirect.boundary;

import io.fuxi.platform.problem.Problem;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * The pages a browser sees for an unknown or expired link, or while the database is out (WEB-INF/errors, read once),
 * or JSON problems for clients that ask for JSON.
 */
final class ErrorPages {

    /** Why a link no longer leads anywhere; each reason has its own page (WEB-INF/errors/gone-*.html). */
    enum Gone {
        EXPIRED("This link has expired."),
        DISABLED("This link has been disabled by its owner."),
        BLOCKED("This link leads to a destination that has been blocked.");

        private final byte[] json;

        Gone(String detail) {
            this.json = json(new Problem(410, "Gone", detail, null));
        }
    }

    private static final byte[] NOT_FOUND_JSON =
            json(new Problem(404, "Not Found", "There is no link at this address.", null));
    private static final byte[] NOT_YET_VALID_JSON =
            json(new Problem(404, "Not Found", "This link does not lead anywhere yet.", null));
    private static final byte[] UNAVAILABLE_JSON = json(Problem.DATABASE_UNAVAILABLE);

    private final byte[] notFound;
    private final byte[] notYetValid;
    private final byte[] unavailable;
    private final Map<Gone, byte[]> gonePages = new EnumMap<>(Gone.class);

    ErrorPages(ServletContext context) throws ServletException {
        this.notFound = read(context, "/WEB-INF/errors/not-found.html");
        this.notYetValid = read(context, "/WEB-INF/errors/not-yet-valid.html");
        this.unavailable = read(context, "/WEB-INF/errors/unavailable.html");
        for (Gone reason : Gone.values()) {
            gonePages.put(
                    reason,
                    read(context, "/WEB-INF/errors/gone-" + reason.name().toLowerCase(Locale.ROOT) + ".html"));
        }
    }

    void notFound(HttpServletRequest request, HttpServletResponse response) throws IOException {
        send(request, response, 404, notFound, NOT_FOUND_JSON);
    }

    /** A link whose validSince is still ahead: not there yet, as a 404 says. */
    void notYetValid(HttpServletRequest request, HttpServletResponse response) throws IOException {
        send(request, response, 404, notYetValid, NOT_YET_VALID_JSON);
    }

    void gone(HttpServletRequest request, HttpServletResponse response, Gone reason) throws IOException {
        send(request, response, 410, gonePages.get(reason), reason.json);
    }

    /** The link could not be looked up: the database is out. */
    void unavailable(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setHeader("Retry-After", Integer.toString(Problem.RETRY_AFTER_SECONDS));
        send(request, response, 503, unavailable, UNAVAILABLE_JSON);
    }

    private static void send(
            HttpServletRequest request, HttpServletResponse response, int status, byte[] html, byte[] json)
            throws IOException {
        response.setStatus(status);
        response.setHeader("Cache-Control", "no-store");
        boolean wantsJson = wantsJson(request);
        byte[] body = wantsJson ? json : html;
        response.setContentType(wantsJson ? Problem.MEDIA_TYPE : "text/html;charset=UTF-8");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /** Whether the client asks for JSON rather than a page. */
    static boolean wantsJson(HttpServletRequest request) {
        String accept = request.getHeader("Accept");
        return accept != null && accept.contains("json") && !accept.contains("text/html");
    }

    static byte[] json(Problem problem) {
        return problem.toJson().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] read(ServletContext context, String path) throws ServletException {
        try (InputStream page = context.getResourceAsStream(path)) {
            if (page == null) {
                throw new ServletException("missing " + path);
            }
            return page.readAllBytes();
        } catch (IOException e) {
            throw new ServletException("cannot read " + path, e);
        }
    }
}
