package io.fuxi.redirect.boundary;

import io.fuxi.platform.web.RequestPath;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletMapping;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.MappingMatch;
import java.io.IOException;
import java.net.MalformedURLException;
import java.util.List;
import java.util.Set;

/**
 * Where a request that is no redirect goes: where the container would have sent it had the redirect servlet not taken
 * every path (docs/adr/0016). Faces pages (*.xhtml, the console and its resources) go to the Faces servlet, the rest
 * (static files, error pages) to the container's default servlet. As the container's mapper did, a folder asked for
 * without its final slash is redirected to it, and a folder is answered by its welcome file. JAX-RS keeps its own,
 * longer mapping (/api/*) and never comes here.
 */
final class OtherPaths {

    private static final String FACES_SUFFIX = ".xhtml";
    private static final String FACES_SERVLET = "Faces Servlet";
    private static final String DEFAULT_SERVLET = "default";
    private static final List<String> WELCOME_FILES = List.of("index.xhtml", "index.html");

    private final ServletContext context;
    private final RequestDispatcher faces;
    private final RequestDispatcher files;

    OtherPaths(ServletContext context) throws ServletException {
        this.context = context;
        this.faces = dispatcher(context, FACES_SERVLET);
        this.files = dispatcher(context, DEFAULT_SERVLET);
    }

    void forward(HttpServletRequest request, HttpServletResponse response) throws IOException, ServletException {
        String path = RequestPath.of(request);
        if (path.endsWith("/")) {
            path = welcomeFileIn(path);
        } else if (isFolder(path)) {
            String query = request.getQueryString();
            response.sendRedirect(request.getRequestURI() + "/" + (query == null ? "" : "?" + query));
            return;
        }
        if (path.endsWith(FACES_SUFFIX)) {
            faces.forward(
                    new AtPath(request, path, FACES_SERVLET, MappingMatch.EXTENSION, "*" + FACES_SUFFIX), response);
        } else {
            files.forward(new AtPath(request, path, DEFAULT_SERVLET, MappingMatch.DEFAULT, "/"), response);
        }
    }

    private String welcomeFileIn(String folder) throws MalformedURLException {
        for (String name : WELCOME_FILES) {
            if (context.getResource(folder + name) != null) {
                return folder + name;
            }
        }
        return folder;
    }

    /** Only a last segment without a dot can be a folder: the check reads the file system and the libraries. */
    private boolean isFolder(String path) {
        if (path.indexOf('.', path.lastIndexOf('/')) >= 0) {
            return false;
        }
        Set<String> entries = context.getResourcePaths(path + "/");
        return entries != null && !entries.isEmpty();
    }

    private static RequestDispatcher dispatcher(ServletContext context, String servlet) throws ServletException {
        RequestDispatcher dispatcher = context.getNamedDispatcher(servlet);
        if (dispatcher == null) {
            throw new ServletException("No servlet named '" + servlet + "' to send other paths to");
        }
        return dispatcher;
    }

    /**
     * The request as the target servlet would have seen it through its own mapping: the Faces servlet works out the
     * view and the URLs it writes from the servlet path of its *.xhtml mapping, the default servlet reads the file
     * at the servlet path.
     */
    private static final class AtPath extends HttpServletRequestWrapper {

        private final String path;
        private final HttpServletMapping mapping;

        AtPath(HttpServletRequest request, String path, String servlet, MappingMatch match, String pattern) {
            super(request);
            this.path = path;
            String matchValue = match == MappingMatch.EXTENSION ? path.substring(1, path.lastIndexOf('.')) : "";
            this.mapping = new Mapping(matchValue, pattern, servlet, match);
        }

        @Override
        public String getServletPath() {
            return path;
        }

        @Override
        public String getPathInfo() {
            return null;
        }

        @Override
        public HttpServletMapping getHttpServletMapping() {
            return mapping;
        }
    }

    private record Mapping(String getMatchValue, String getPattern, String getServletName, MappingMatch getMappingMatch)
            implements HttpServletMapping {}
}
