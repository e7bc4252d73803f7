package io.fuxi.links.boundary;

import io.fuxi.idempotency.boundary.IdempotencyFilter;
import io.fuxi.links.control.LinkOptions;
import io.fuxi.platform.problem.ProblemException;
import io.fuxi.platform.problem.UnexpectedFailures;
import io.fuxi.platform.rest.BodyLimits;
import io.fuxi.platform.rest.LimitedBody;
import io.fuxi.platform.web.ProblemAnswers;
import io.fuxi.security.boundary.ApiKeyCheck;
import io.fuxi.security.boundary.Caller;
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

/**
 * The API's most frequent call, {@code POST /api/v1/links} with a JSON body, answered here, ahead of JAX-RS, with
 * the same checks, problems and answer as {@link LinksResource#create}: JAX-RS's matching, filters and providers took
 * about 40% of the Payara CPU a create costs (ADR 40). Every other call to the path goes on to JAX-RS: other
 * methods, other content types (a 415 there), and creates with an Idempotency-Key, whose filter is JAX-RS's. Mapped
 * in web.xml, after the API's bulkhead.
 */
public class SingleCreateFilter extends HttpFilter {

    @Inject
    ApiKeyCheck keys;

    @Inject
    BodyLimits limits;

    @Inject
    LinkCreation single;

    @Inject
    LinkOptions options;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!"POST".equals(request.getMethod())
                || !isJson(request.getContentType())
                || request.getHeader(IdempotencyFilter.HEADER) != null) {
            chain.doFilter(request, response);
            return;
        }
        try {
            Caller caller = keys.caller(request);
            InputStream body = LimitedBody.of(
                    request.getInputStream(), request.getContentLengthLong(), limits.forPath(request.getRequestURI()));
            answer(request, response, single.create(caller, body));
        } catch (ProblemException problem) {
            ProblemAnswers.write(response, problem);
        } catch (RuntimeException failure) {
            ProblemAnswers.write(response, UnexpectedFailures.problemFor(failure));
        }
    }

    /** 201 with the new link and its address; 200 with the link of the same URL made before, and where it is. */
    private void answer(HttpServletRequest request, HttpServletResponse response, Creation creation)
            throws IOException {
        String code = creation.link().code();
        byte[] json = creation.link().toJson(options.shortUrl(code)).toString().getBytes(StandardCharsets.UTF_8);
        if (creation.created()) {
            response.setStatus(201);
            response.setHeader("Location", base(request) + "/api/v1/links/" + code);
        } else {
            response.setHeader("Content-Location", "/api/v1/links/" + code);
        }
        response.setContentType("application/json");
        response.setContentLength(json.length);
        response.getOutputStream().write(json);
    }

    /** Scheme, host, port and context path, as the client addressed them: what JAX-RS resolves a Location against. */
    private static String base(HttpServletRequest request) {
        StringBuffer url = request.getRequestURL();
        url.setLength(url.length() - request.getRequestURI().length());
        return url.append(request.getContextPath()).toString();
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
