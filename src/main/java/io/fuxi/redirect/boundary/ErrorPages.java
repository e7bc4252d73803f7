package io.fuxi.redirect.boundary;

import io.fuxi.platform.problem.Problem;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** The small pages a browser sees for an unknown or expired link; JSON problems for clients that ask for JSON. */
final class ErrorPages {

    private static final byte[] NOT_FOUND = page("Link not found",
            "There is no link at this address. Check that it was copied in full.");
    private static final byte[] GONE = page("Link expired",
            "This link has expired and no longer leads anywhere.");

    private ErrorPages() {
    }

    static void notFound(HttpServletRequest request, HttpServletResponse response) throws IOException {
        send(request, response, 404, NOT_FOUND, new Problem(404, "Not Found", "There is no link at this address.", null));
    }

    static void gone(HttpServletRequest request, HttpServletResponse response) throws IOException {
        send(request, response, 410, GONE, new Problem(410, "Gone", "This link has expired.", null));
    }

    private static void send(HttpServletRequest request, HttpServletResponse response, int status, byte[] html, Problem problem)
            throws IOException {
        response.setStatus(status);
        response.setHeader("Cache-Control", "no-store");
        String accept = request.getHeader("Accept");
        boolean wantsJson = accept != null && accept.contains("json") && !accept.contains("text/html");
        byte[] body = wantsJson ? problem.toJson().getBytes(StandardCharsets.UTF_8) : html;
        response.setContentType(wantsJson ? Problem.MEDIA_TYPE : "text/html;charset=UTF-8");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    private static byte[] page(String title, String message) {
        return ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + title + " · Fuxi</title>"
                + "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"></head>"
                + "<body style=\"font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem\">"
                + "<h1>" + title + "</h1><p>" + message + "</p></body></html>").getBytes(StandardCharsets.UTF_8);
    }
}
