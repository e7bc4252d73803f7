package io.fuxi.valve;

import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.function.BiPredicate;
import org.apache.catalina.Context;
import org.apache.catalina.Request;
import org.apache.catalina.Response;
import org.apache.catalina.valves.ValveBase;

/**
 * Answers redirects (ADRs 26 and 56) and single creates (ADR 45) before the web container's request listeners,
 * invocation bookkeeping, servlet wrapper and filters run. It knows nothing of Fuxi: it asks the application of the
 * request's context, which put its answers under "io.fuxi.links.single-creates" for a POST
 * (SingleCreateFilter.SINGLE_CREATES) and "io.fuxi.redirect.cached-redirects" for any other method
 * (RedirectServlet.CACHED_REDIRECTS), and lets the request go on when there is none or it declines. The build compiles
 * it against the Catalina and Servlet jars inside payara-micro.jar, which are on no public Maven repository (ADR 27),
 * and the launcher names it on the virtual server.
 */
public final class EarlyAnswerValve extends ValveBase {

    private static final String CACHED_REDIRECTS = "io.fuxi.redirect.cached-redirects";

    private static final String SINGLE_CREATES = "io.fuxi.links.single-creates";

    @Override
    @SuppressWarnings("unchecked")
    public int invoke(Request request, Response response) throws IOException, ServletException {
        Context context = request.getContext();
        ServletRequest servletRequest = request.getRequest();
        String answers =
                "POST".equals(((HttpServletRequest) servletRequest).getMethod()) ? SINGLE_CREATES : CACHED_REDIRECTS;
        Object early = context == null ? null : context.getServletContext().getAttribute(answers);
        if (early instanceof BiPredicate<?, ?> answer
                && ((BiPredicate<ServletRequest, ServletResponse>) answer)
                        .test(servletRequest, response.getResponse())) {
            return END_PIPELINE;
        }
        return INVOKE_NEXT;
    }
}
