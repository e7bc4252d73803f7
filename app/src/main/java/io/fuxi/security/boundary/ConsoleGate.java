package io.fuxi.security.boundary;

import io.fuxi.platform.database.DatabaseErrors;
import io.fuxi.platform.problem.Problem;
import io.fuxi.platform.web.RequestPath;
import io.fuxi.security.entity.ConsoleRole;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.security.Principal;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Lets only signed-in accounts into the console (everything under /admin but the sign-in page): a request without a
 * signed-in session goes to the sign-in page, or, for a Faces Ajax request, gets a partial response that sends the
 * browser there. The account is the request's user principal and its role the request's role, so pages and beans ask
 * {@code isUserInRole("admin")}.
 *
 * <p>A filter rather than a Jakarta Security authentication mechanism: with a mechanism in the WAR, Payara sends every
 * request through JASPIC, redirects included, which costs redirects much of their throughput (ADR 9).
 *
 * <p>Uploads (multipart posts) are taken only by the import page, for an admin: any other multipart post, and every
 * one without a signed-in session, is refused here, before the container reads a byte of it into memory or a file.
 *
 * <p>Every request reads the account again (one lookup by its key): a deleted account's sessions end at their next
 * request, on every node, and a changed role applies at once. While the database is out, pages answer 503 with a
 * page that says to try again, never a stack trace.
 */
@WebFilter(filterName = "console-gate", urlPatterns = "/admin/*")
public class ConsoleGate extends HttpFilter {

    static final String SIGN_IN_PAGE = "/admin/sign-in.xhtml";
    static final String IMPORT_PAGE = "/admin/links/import.xhtml";
    private static final String UPLOAD_REFUSED = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<title>Upload refused · Fuxi</title></head><body><h1>Upload refused</h1><p>Files are taken only by the"
            + " console's import page, from a signed-in admin.</p></body></html>";
    private static final Logger LOG = Logger.getLogger(ConsoleGate.class.getName());

    @Inject
    AdminAccounts accounts;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        try {
            admit(request, response, chain);
        } catch (ServletException | RuntimeException e) {
            if (!DatabaseErrors.isOutage(e) || response.isCommitted()) {
                throw e;
            }
            DatabaseErrors.record(e);
            LOG.warning(() -> "Database unavailable, console page answered 503: " + e);
            response.reset();
            response.setHeader("Retry-After", Integer.toString(Problem.RETRY_AFTER_SECONDS));
            response.sendError(503); // the page in web.xml: try again in a moment
        }
    }

    private void admit(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpSession session = request.getSession(false);
        SignedIn account = session == null ? null : current(session);
        if (isUpload(request) && !mayUpload(request, account)) {
            refuseUpload(response, account == null || !isAdmin(account) ? 403 : 415);
        } else if (account != null) {
            chain.doFilter(new AsAccount(request, account), response);
        } else if (RequestPath.of(request).equals(SIGN_IN_PAGE)) {
            chain.doFilter(request, response);
        } else if ("partial/ajax".equals(request.getHeader("Faces-Request"))) {
            response.setContentType("text/xml");
            response.setCharacterEncoding("UTF-8");
            response.getWriter()
                    .write("<?xml version=\"1.0\" encoding=\"UTF-8\"?><partial-response><redirect url=\""
                            + request.getContextPath() + SIGN_IN_PAGE + "\"></redirect></partial-response>");
        } else {
            response.sendRedirect(request.getContextPath() + SIGN_IN_PAGE);
        }
    }

    private static boolean isUpload(HttpServletRequest request) {
        String type = request.getContentType();
        return type != null && type.regionMatches(true, 0, "multipart/", 0, "multipart/".length());
    }

    private static boolean mayUpload(HttpServletRequest request, SignedIn account) {
        return account != null && isAdmin(account) && RequestPath.of(request).equals(IMPORT_PAGE);
    }

    private static boolean isAdmin(SignedIn account) {
        return ConsoleRole.ADMIN.roleName().equals(account.roleName());
    }

    private static void refuseUpload(HttpServletResponse response, int status) throws IOException {
        response.setStatus(status);
        response.setHeader("Connection", "close"); // the body is not read
        response.setContentType("text/html;charset=UTF-8");
        response.getWriter().write(UPLOAD_REFUSED);
    }

    /** The session's account as it is now, or null when the session has none or its account is gone. */
    private SignedIn current(HttpSession session) {
        SignedIn account = (SignedIn) session.getAttribute(SignedIn.SESSION_ATTRIBUTE);
        if (account == null) {
            return null;
        }
        Optional<ConsoleRole> role = accounts.roleOf(account.username());
        if (role.isEmpty()) {
            session.invalidate();
            return null;
        }
        if (!role.get().roleName().equals(account.roleName())) {
            account = new SignedIn(account.username(), role.get().roleName());
            session.setAttribute(SignedIn.SESSION_ATTRIBUTE, account);
        }
        return account;
    }

    /** The request as the signed-in account makes it. */
    private static final class AsAccount extends HttpServletRequestWrapper {

        private final SignedIn account;

        AsAccount(HttpServletRequest request, SignedIn account) {
            super(request);
            this.account = account;
        }

        @Override
        public Principal getUserPrincipal() {
            return account;
        }

        @Override
        public String getRemoteUser() {
            return account.username();
        }

        @Override
        public boolean isUserInRole(String role) {
            return account.roleName().equals(role);
        }
    }
}
