package io.fuxi.platform.rest;

import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;

/**
 * Refuses bodies over their limit ({@link BodyLimits}) before they are read whole: at once when Content-Length says
 * so, and while reading when the body is chunked.
 */
@Provider
@PreMatching
public class BodySizeLimit implements ContainerRequestFilter {

    @Inject
    BodyLimits limits;

    @Override
    public void filter(ContainerRequestContext request) {
        request.setEntityStream(LimitedBody.of(
                request.getEntityStream(),
                request.getLength(),
                limits.forPath(request.getUriInfo().getPath())));
    }
}
