package io.fuxi.redirect.boundary;

import io.fuxi.clicks.boundary.ClickRecorder;
import io.fuxi.codes.boundary.CodeShape;
import io.fuxi.destinations.boundary.DestinationRules;
import io.fuxi.domains.boundary.DomainView;
import io.fuxi.domains.boundary.Domains;
import io.fuxi.links.boundary.LinkLookup;
import io.fuxi.links.boundary.VisitLimits;
import io.fuxi.platform.beans.Unproxied;
import io.fuxi.platform.database.DatabaseErrors;
import io.fuxi.platform.web.ReservedPaths;
import io.fuxi.redirect.control.CachedLink;
import io.fuxi.redirect.control.LinkResolver;
import io.fuxi.redirect.control.RedirectCounts;
import io.fuxi.redirect.control.RedirectCounts.Outcome;
import io.fuxi.security.boundary.LinkPasswords;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.util.function.BiPredicate;

/**
 * GET or HEAD /{code}: a plain servlet rather than a JAX-RS resource, because the platform's per-request cost
 * dominates a cached redirect (docs/adr/0002). It is mapped to every path (web.xml) so that the container looks
 * nothing up for a code (docs/adr/0016); paths that cannot be a code go where the container would have sent them
 * ({@link OtherPaths}).
 *
 * <p>Where the launcher has put its valve on Payara's virtual server (ADR 26), a GET or HEAD of a code is answered by
 * {@link #answerFromValve} before the container's request listeners and this servlet run, whether its link is cached
 * or not (ADR 56): the valve finds it under {@link #CACHED_REDIRECTS} in the servlet context. Everything else still
 * comes here.
 */
public class RedirectServlet extends HttpServlet {

    /**
     * The servlet context attribute under which the valve finds the redirects: a {@code BiPredicate} of the request and
     * the response that answers true when it answered. The launcher's valve names it too (its name is older than
     * ADR 56, when the valve answered cached links only).
     */
    public static final String CACHED_REDIRECTS = "io.fuxi.redirect.cached-redirects";

    @Inject
    BeanManager beans;

    @Inject
    LinkResolver resolver;

    @Inject
    Clock clock;

    @Inject
    DestinationRules destinations;

    @Inject
    ClickRecorder clicks;

    @Inject
    RedirectCounts counts;

    @Inject
    VisitLimits visits;

    @Inject
    Domains domains;

    private ErrorPages pages;
    private OtherPaths others;
    private PasswordGate passwords;

    @Override
    public void init() throws ServletException {
        resolver = Unproxied.of(beans, LinkResolver.class); // the redirect path skips the client proxies (ADR 32)
        destinations = Unproxied.of(beans, DestinationRules.class);
        clicks = Unproxied.of(beans, ClickRecorder.class);
        counts = Unproxied.of(beans, RedirectCounts.class);
        visits = Unproxied.of(beans, VisitLimits.class);
        domains = Unproxied.of(beans, Domains.class);
        pages = new ErrorPages(getServletContext());
        others = new OtherPaths(getServletContext());
        passwords = new PasswordGate(
                Unproxied.of(beans, LinkPasswords.class), Unproxied.of(beans, LinkLookup.class), getServletContext());
        ClassLoader application = Thread.currentThread().getContextClassLoader();
        BiPredicate<HttpServletRequest, HttpServletResponse> cachedRedirects = (request, response) -> {
            Thread thread = Thread.currentThread();
            ClassLoader container = thread.getContextClassLoader();
            thread.setContextClassLoader(application);
            try {
                boolean answered = answerFromValve(request, response);
                if (answered) {
                    counts.recordEarly();
                }
                return answered;
            } catch (RuntimeException e) { // nothing written: the servlet answers it, with what it does on a failure
                return false;
            } catch (IOException e) { // the client is gone: there is no one left to answer
                return true;
            } finally {
                thread.setContextClassLoader(container);
            }
        };
        getServletContext().setAttribute(CACHED_REDIRECTS, cachedRedirects);
    }

    @Override
    public void destroy() {
        getServletContext().removeAttribute(CACHED_REDIRECTS);
    }

    /**
     * Answers a GET or HEAD of a code as {@link #service} would, from the cache or the database; answers false, having
     * touched nothing, for every other request. A failure other than the database's leaves the response untouched.
     */
    boolean answerFromValve(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String method = request.getMethod();
        String code =
                request.getDispatcherType() == DispatcherType.REQUEST && (method.equals("GET") || method.equals("HEAD"))
                        ? codeOf(request)
                        : null;
        if (code == null) {
            return false;
        }
        answer(code, request, response);
        return true;
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
            throws IOException, ServletException {
        String code = request.getDispatcherType() == DispatcherType.REQUEST ? codeOf(request) : null;
        if (code == null) {
            String root = request.getDispatcherType() == DispatcherType.REQUEST && isRoot(request)
                    ? domains.current().forRequestHost(request.getServerName()).rootUrl()
                    : null;
            if (root != null) {
                sendTo(root, response);
            } else {
                others.forward(request, response);
            }
            return;
        }
        String method = request.getMethod();
        if (!method.equals("GET") && !method.equals("HEAD") && !method.equals("POST")) {
            refuseMethod(response);
            return;
        }
        answer(code, request, response);
    }

    private static boolean isRoot(HttpServletRequest request) {
        String uri = request.getRequestURI();
        String context = request.getContextPath();
        return uri.length() <= context.length() + 1 && uri.startsWith(context);
    }

    private static void sendTo(String url, HttpServletResponse response) {
        response.setStatus(302);
        response.setHeader("Location", url);
    }

    private static void refuseMethod(HttpServletResponse response) throws IOException {
        response.setHeader("Allow", "GET, HEAD");
        response.sendError(405);
    }

    /**
     * The redirect to the code's link, or the page that says why there is none (or a URL of the link or of its domain).
     * A link answers only on the domain it is bound to (the Host of the request; a host that is no domain of this
     * shortener is the default domain). A POST is the password form of a protected link, and answered 405 for every
     * other code.
     */
    private void answer(String code, HttpServletRequest request, HttpServletResponse response) throws IOException {
        boolean posted = request.getMethod().equals("POST");
        CachedLink cached = resolver.cached(code);
        CachedLink link;
        try {
            DomainView domain = domains.current().forRequestHost(request.getServerName());
            link = cached != null ? cached : resolver.load(code);
            if (link != null && link.domainId() != domain.id()) {
                link = null; // another domain's
            }
            long now = clock.millis();
            if (posted && (link == null || !link.asksForPassword())) {
                refuseMethod(response);
            } else if (link == null) {
                counts.record(Outcome.UNKNOWN);
                if (domain.notFoundUrl() != null) {
                    sendTo(domain.notFoundUrl(), response);
                } else {
                    pages.notFound(request, response);
                }
            } else if (!link.enabled()) {
                notAnswering(link, domain, Outcome.DISABLED, request, response);
            } else if (link.isExpiredAt(now)) {
                notAnswering(link, domain, Outcome.EXPIRED, request, response);
            } else if (link.isNotYetValidAt(now)) {
                notAnswering(link, domain, Outcome.NOT_YET_VALID, request, response);
            } else if (destinations.refusesUrl(link.location())) {
                counts.record(Outcome.BLOCKED);
                pages.gone(request, response, ErrorPages.Gone.BLOCKED);
            } else if (link.asksForPassword() && link.limited() && !visits.hasVisitsLeft(code)) {
                notAnswering(link, domain, Outcome.OVER_LIMIT, request, response); // no form when it is used up
            } else if (link.asksForPassword() && !passwords.passes(code, link, posted, request, response)) {
                counts.record(Outcome.PASSWORD);
            } else if (link.limited() && !(clicks.isBot(request) ? visits.hasVisitsLeft(code) : visits.admit(code))) {
                notAnswering(link, domain, Outcome.OVER_LIMIT, request, response);
            } else {
                if (posted) {
                    passwords.remember(code, link, request, response);
                }
                redirect(
                        code,
                        link,
                        posted ? 303 : link.status(),
                        cached != null ? Outcome.HIT : Outcome.MISS,
                        request,
                        response);
            }
        } catch (RuntimeException e) {
            if (!DatabaseErrors.isOutage(e)) {
                throw e;
            }
            DatabaseErrors.record(e);
            counts.record(Outcome.UNAVAILABLE);
            pages.unavailable(request, response);
        }
    }

    /**
     * A link that does not answer now: to its fallback URL when it has one, else its domain's (each when the destination
     * rules allow it), else the page that says why.
     */
    private void notAnswering(
            CachedLink link,
            DomainView domain,
            Outcome outcome,
            HttpServletRequest request,
            HttpServletResponse response)
            throws IOException {
        counts.record(outcome);
        String fallback = link.fallback() != null ? link.fallback() : domain.fallbackUrl();
        if (fallback != null && !destinations.refusesUrl(fallback)) {
            sendTo(fallback, response);
        } else if (outcome == Outcome.NOT_YET_VALID) {
            pages.notYetValid(request, response);
        } else {
            pages.gone(
                    request,
                    response,
                    outcome == Outcome.DISABLED ? ErrorPages.Gone.DISABLED : ErrorPages.Gone.EXPIRED);
        }
    }

    private void redirect(
            String code,
            CachedLink link,
            int status,
            Outcome outcome,
            HttpServletRequest request,
            HttpServletResponse response) {
        response.setStatus(status);
        response.setHeader("Location", link.locationFor(request.getQueryString()));
        counts.record(outcome);
        clicks.record(code, request);
    }

    /** The code in a path of the form /{code} or /{code}/, or null when the path cannot be a code or alias. */
    private static String codeOf(HttpServletRequest request) {
        String uri = request.getRequestURI();
        int start = request.getContextPath().length() + 1;
        int end = uri.endsWith("/") ? uri.length() - 1 : uri.length();
        if (start > end || uri.charAt(start - 1) != '/' || !CodeShape.isCode(uri, start, end)) {
            return null;
        }
        String code = uri.substring(start, end);
        return ReservedPaths.contains(code) ? null : code;
    }
}
