package io.fuxi.admin.boundary;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequestEvent;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.primefaces.webapp.UploadedFileCleanerListener;

/**
 * Deletes the temporary files of a console request's uploads (a CSV import) once it is answered: PrimeFaces' own
 * request listener, run here for the console's requests only, instead of for every request (web.xml leaves PrimeFaces'
 * web fragment out).
 */
@WebFilter(filterName = "uploaded-file-cleanup", urlPatterns = "/admin/*")
public class UploadedFileCleanup extends HttpFilter {

    private final UploadedFileCleanerListener cleaner = new UploadedFileCleanerListener();

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        try {
            chain.doFilter(request, response);
        } finally {
            cleaner.requestDestroyed(new ServletRequestEvent(request.getServletContext(), request));
        }
    }
}
