package io.fuxi.platform.web;

import jakarta.servlet.http.HttpServletRequest;

/** The decoded path of a request within the application, whatever servlet mapping it went through. */
public final class RequestPath {

    private RequestPath() {}

    /** "/admin/links.xhtml" for http://host/context/admin/links.xhtml; "/" for the application's root. */
    public static String of(HttpServletRequest request) {
        String pathInfo = request.getPathInfo();
        String path = pathInfo == null ? request.getServletPath() : request.getServletPath() + pathInfo;
        return path.isEmpty() ? "/" : path;
    }
}
