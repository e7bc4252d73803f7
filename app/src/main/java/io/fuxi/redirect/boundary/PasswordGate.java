package io.fuxi.redirect.boundary;

import io.fuxi.links.boundary.LinkLookup;
import io.fuxi.platform.problem.Problem;
import io.fuxi.redirect.control.CachedLink;
import io.fuxi.security.boundary.LinkPasswords;
import io.fuxi.security.boundary.LinkPasswords.Attempt;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * Stands before the redirect of a password-protected link: a browser that brings the cookie of a right password
 * passes; one that posts the right password passes and gets the cookie; every other gets the password form
 * (WEB-INF/pages/password.html, read once), with what went wrong. The form is never cached or indexed, and its page
 * allows no script, no framing and no form but its own.
 */
final class PasswordGate {

    /** The most bytes a posted form may have: a password of 128 characters, each percent-encoded, fits. */
    static final int LONGEST_FORM = 4096;

    private static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline';"
            + " form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
    private static final String FORM_TYPE = "application/x-www-form-urlencoded";
    private static final byte[] ASKED_JSON =
            ErrorPages.json(new Problem(401, "Unauthorized", "This link needs a password.", null));

    private final LinkPasswords passwords;
    private final LinkLookup links;
    private final String form;

    PasswordGate(LinkPasswords passwords, LinkLookup links, ServletContext context) throws ServletException {
        this.passwords = passwords;
        this.links = links;
        try (InputStream page = context.getResourceAsStream("/WEB-INF/pages/password.html")) {
            if (page == null) {
                throw new ServletException("missing /WEB-INF/pages/password.html");
            }
            this.form = new String(page.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ServletException("cannot read the password form", e);
        }
    }

    /**
     * Whether the request may go on to the link; when it may not, the answer is written. A right password posted
     * passes: its redirect then {@linkplain #remember remembers} it.
     */
    boolean passes(
            String code, CachedLink link, boolean posted, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        if (!posted) {
            if (passwords.remembered(request, code, link.passwordStamp())) {
                return true;
            }
            if (ErrorPages.wantsJson(request)) {
                answerJson(response);
            } else {
                page(response, 200, null);
            }
            return false;
        }
        Optional<String> password = postedPassword(request, response);
        if (password == null) {
            return false; // refused: written
        }
        if (password.isEmpty()) {
            page(response, 400, "Enter the password.");
            return false;
        }
        Attempt attempt = passwords.attempt(request, code, password.get(), () -> links.passwordHash(code));
        switch (attempt.outcome()) {
            case RIGHT -> {
                return true;
            }
            case WRONG -> page(response, 403, "Wrong password. Try again.");
            case WAIT -> {
                response.setHeader("Retry-After", Long.toString(attempt.waitSeconds()));
                page(response, 429, "Too many wrong passwords. Try again in " + attempt.waitSeconds() + " s.");
            }
            case BUSY -> {
                response.setHeader("Retry-After", Long.toString(attempt.waitSeconds()));
                page(response, 503, "Too many passwords are being checked right now. Try again in a moment.");
            }
        }
        return false;
    }

    /** Sets the cookie that lets the browser pass this link's gate for a while, on the redirect a right password won. */
    void remember(String code, CachedLink link, HttpServletRequest request, HttpServletResponse response) {
        passwords
                .rememberingCookie(request, code, link.passwordStamp())
                .ifPresent(cookie -> response.addHeader("Set-Cookie", cookie));
        response.setHeader("Cache-Control", "no-store");
    }

    /**
     * The password of a posted form: empty when it has none; null when the request was refused (a body too large or
     * not a form), which is then written.
     */
    private Optional<String> postedPassword(HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        String type = request.getContentType();
        if (type == null || !type.toLowerCase(Locale.ROOT).startsWith(FORM_TYPE)) {
            response.setHeader("Accept-Post", FORM_TYPE);
            page(response, 415, "The password must be sent from this form.");
            return null;
        }
        if (request.getContentLengthLong() > LONGEST_FORM) {
            page(response, 413, "The form sent was too large.");
            return null;
        }
        byte[] body = request.getInputStream().readNBytes(LONGEST_FORM + 1);
        if (body.length > LONGEST_FORM) {
            page(response, 413, "The form sent was too large.");
            return null;
        }
        for (String pair : new String(body, StandardCharsets.ISO_8859_1).split("&")) {
            if (pair.startsWith("password=")) {
                try {
                    return Optional.of(URLDecoder.decode(pair.substring("password=".length()), StandardCharsets.UTF_8))
                            .filter(password -> !password.isEmpty());
                } catch (IllegalArgumentException garbled) {
                    page(response, 400, "The form sent could not be read.");
                    return null;
                }
            }
        }
        return Optional.empty();
    }

    private void page(HttpServletResponse response, int status, String message) throws IOException {
        String html = message == null
                ? form
                : form.replace("<!--message-->", "<p class=\"message\" role=\"alert\">" + message + "</p>");
        byte[] body = html.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        privateHeaders(response);
        response.setContentType("text/html;charset=UTF-8");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    private static void answerJson(HttpServletResponse response) throws IOException {
        response.setStatus(401);
        privateHeaders(response);
        response.setContentType(Problem.MEDIA_TYPE);
        response.setContentLength(ASKED_JSON.length);
        response.getOutputStream().write(ASKED_JSON);
    }

    private static void privateHeaders(HttpServletResponse response) {
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("X-Robots-Tag", "noindex");
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Referrer-Policy", "no-referrer");
        response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    }
}
