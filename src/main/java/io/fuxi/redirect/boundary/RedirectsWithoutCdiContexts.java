package io.fuxi.redirect.boundary;

import io.fuxi.codes.boundary.CodeShape;
import io.fuxi.platform.web.ReservedPaths;
import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Weld, the CDI of Payara, starts the request, session and conversation contexts for every request the application
 * receives and ends them afterwards; on a cached redirect that was a twentieth of the server's CPU (bench/profile.sh
 * redirects: its request listener's 715 of 16,458 samples). A redirect uses application-scoped beans only, so Weld is
 * told (its context parameter {@value #WELD_CONTEXT_MAPPING}, read when its listener starts, after this initializer)
 * to start them for every path but one that can be a code: the API, the console (reserved first segments, such as
 * {@code /admin/}) and every other path keep them.
 */
public class RedirectsWithoutCdiContexts implements ServletContainerInitializer {

    static final String WELD_CONTEXT_MAPPING = "org.jboss.weld.context.mapping";

    @Override
    public void onStartup(Set<Class<?>> classes, ServletContext context) {
        context.setInitParameter(WELD_CONTEXT_MAPPING, pathsWithContexts());
    }

    /** Matches a path (after the context path) unless it is /{code} or /{code}/ and the code no reserved segment. */
    static String pathsWithContexts() {
        String reserved = String.join(
                "|", ReservedPaths.words().stream().map(Pattern::quote).toList());
        return "(?s)(?!/(?!(?i:" + reserved + ")/?\\z)" + CodeShape.REGEX + "/?\\z).*";
    }
}
