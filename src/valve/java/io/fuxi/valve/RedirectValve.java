package io.fuxi.valve;

import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import java.util.function.BiPredicate;
import org.apache.catalina.Context;
import org.apache.catalina.Request;
import org.apache.catalina.Response;
import org.apache.catalina.valves.ValveBase;

/**
 * Answers cached redirects before the web container's request listeners, invocation bookkeeping and servlet wrapper
 * run (ADR 26). It knows nothing of Fuxi: it asks the application of the request's context, which put its answer
 * under "io.fuxi.redirect.cached-redirects" (RedirectServlet.CACHED_REDIRECTS), and lets the request go on when
 * there is none or it declines. The build compiles it against the Catalina and Servlet jars inside payara-micro.jar,
 * which are on no public Maven repository (ADR 27), and the launcher names it on the virtual server.
 */
public final class RedirectValve extends ValveBase {

    private static final String CACHED_REDIRECTS = "io.fuxi.redirect.cached-redirects";

    @Override
    @SuppressWarnings("unchecked")
    public int invoke(Request request, Response response) throws IOException, ServletException {
        Context context = request.getContext();
        Object cachedRedirects = context == null ? null : context.getServletContext().getAttribute(CACHED_REDIRECTS);
        if (cachedRedirects instanceof BiPredicate<?, ?> redirects
                && ((BiPredicate<ServletRequest, ServletResponse>) redirects)
                        .test(request.getRequest(), response.getResponse())) {
            return END_PIPELINE;
        }
        return INVOKE_NEXT;
    }
}
