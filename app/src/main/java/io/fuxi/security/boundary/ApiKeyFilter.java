package io.fuxi.security.boundary;

import io.fuxi.platform.problem.ProblemException;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;

/** Every JAX-RS call goes through the key check ({@link ApiKeyCheck}); the caller it finds is the request's. */
@Provider
@Priority(Priorities.AUTHENTICATION)
@ApplicationScoped
public class ApiKeyFilter implements ContainerRequestFilter {

    @Inject
    ApiKeyCheck check;

    @Inject
    CurrentCaller current;

    /** Weld's: JAX-RS's @Context proxy looked the request up through HK2 on every call, CPU a create need not spend. */
    @Inject
    HttpServletRequest servletRequest;

    @Override
    public void filter(ContainerRequestContext request) {
        try {
            current.authenticated(check.caller(servletRequest));
        } catch (ProblemException refused) {
            request.abortWith(refused.toResponse());
        }
    }
}
