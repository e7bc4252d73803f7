package io.fuxi.links.boundary;

import io.fuxi.idempotency.boundary.IdempotencyFilter;
import io.fuxi.links.control.CreateCounts;
import io.fuxi.platform.beans.Unproxied;
import io.fuxi.platform.problem.ProblemException;
import io.fuxi.platform.problem.UnexpectedFailures;
import io.fuxi.platform.rest.BodyLimits;
import io.fuxi.platform.rest.LimitedBody;
import io.fuxi.platform.web.ApiPermits;
import io.fuxi.platform.web.ProblemAnswers;
import io.fuxi.security.boundary.ApiKeyCheck;
import io.fuxi.security.boundary.Caller;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.BiPredicate;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The API's most frequent call, {@code POST /api/v1/links} with a JSON body, answered here, ahead of JAX-RS, with
 * the same checks, problems and answer as {@link LinksResource#create}: JAX-RS's matching, filters and providers took
 * a large share of the Payara CPU a create costs (ADR 40). Every other call to the path goes on to JAX-RS: other
 * methods, other content types (a 415 there), and creates with an Idempotency-Key, whose filter is JAX-RS's. Mapped
 * in web.xml, after the API's bulkhead. Where the launcher's valve runs, it answers these creates itself, through
 * {@link #answeredEarly}, before the web container's request listeners and filters (ADR 45); the filter answers them
 * elsewhere (a Payara Micro without the valve, as in the Arquillian tests) and the paths the valve does not match
 * exactly.
 */
public class SingleCreateFilter extends HttpFilter {

    /** The servlet context attribute under which the valve finds the single creates it may answer. */
    public static final String SINGLE_CREATES = "io.fuxi.links.single-creates";

    private static final String PATH = "/api/v1/links";

    private static final Logger LOG = Logger.getLogger(SingleCreateFilter.class.getName());

    @Inject
    BeanManager beans;

    @Inject
    ApiKeyCheck keys;

    @Inject
    BodyLimits limits;

    @Inject
    LinkCreation single;

    @Inject
    ApiPermits permits;

    @Inject
    CreateCounts counts;

    /**
     * Holds its beans without their client proxies, and offers the single creates to the launcher's valve, which asks
     * about every POST before the web container does.
     */
    @Override
    public void init() {
        keys = Unproxied.of(beans, ApiKeyCheck.class); // the create path skips the client proxies (ADR 53)
        limits = Unproxied.of(beans, BodyLimits.class);
        single = Unproxied.of(beans, LinkCreation.class);
        permits = Unproxied.of(beans, ApiPermits.class);
        counts = Unproxied.of(beans, CreateCounts.class);
        ClassLoader application = Thread.currentThread().getContextClassLoader();
        BiPredicate<HttpServletRequest, HttpServletResponse> earlyCreates =
                (request, response) -> answeredEarly(request, response, application);
        getServletContext().setAttribute(SINGLE_CREATES, earlyCreates);
    }

    /**
     * Answers a single create for the valve (ADR 45), with a permit of the API's bulkhead, on the container's thread
     * with the application's class loader; false for any other POST, which goes on through the web container.
     */
    private boolean answeredEarly(HttpServletRequest request, HttpServletResponse response, ClassLoader application) {
        if (!PATH.equals(request.getRequestURI()) || !takes(request)) {
            return false;
        }
        Thread thread = Thread.currentThread();
        ClassLoader container = thread.getContextClassLoader();
        thread.setContextClassLoader(application);
        try {
            counts.answeredEarly();
            String permit = permits.take(request, response);
            if (permit != null) {
                try {
                    create(request, response);
                } finally {
                    permits.release(permit);
                }
            }
        } catch (IOException gone) { // the client left while its answer was written
            LOG.log(Level.FINE, "a create's answer could not be written", gone);
        } finally {
            thread.setContextClassLoader(container);
        }
        return true;
    }

    @Override
    public void destroy() {
        getServletContext().removeAttribute(SINGLE_CREATES);
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (takes(request)) {
            create(request, response);
        } else {
            chain.doFilter(request, response);
        }
    }

    /** A POST of JSON without an Idempotency-Key: what this answers; the rest goes on to JAX-RS. */
    private static boolean takes(HttpServletRequest request) {
        return "POST".equals(request.getMethod())
                && isJson(request.getContentType())
                && request.getHeader(IdempotencyFilter.HEADER) == null;
    }

    private void create(HttpServletRequest request, HttpServletResponse response) throws IOException {
        try {
            Caller caller = keys.caller(request);
            InputStream body = LimitedBody.of(
                    request.getInputStream(), request.getContentLengthLong(), limits.forPath(request.getRequestURI()));
            answer(response, single.answer(caller, body));
        } catch (ProblemException problem) {
            ProblemAnswers.write(response, problem);
        } catch (RuntimeException failure) {
            ProblemAnswers.write(response, UnexpectedFailures.problemFor(failure));
        }
    }

    private static void answer(HttpServletResponse response, CreateAnswer answer) throws IOException {
        response.setStatus(answer.status());
        response.setHeader(answer.header(), answer.headerValue());
        byte[] json = answer.json().toString().getBytes(StandardCharsets.UTF_8);
        response.setContentType("application/json");
        response.setContentLength(json.length);
        response.getOutputStream().write(json);
    }

    /** application/json, with or without parameters such as a charset: what JAX-RS's @Consumes accepts. */
    static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.strip().toLowerCase(Locale.ROOT);
        return type.startsWith("application/json")
                && (type.length() == 16 || type.charAt(16) == ';' || type.charAt(16) == ' ');
    }
}
