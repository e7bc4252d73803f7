package io.fuxi.platform.rest;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;

/**
 * Every API call has one representation (JSON, or the image its format parameter names) and every error is a
 * problem, so the API disregards the Accept header (RFC 9110, section 12.5.1) rather than answer 406 while matching
 * the call: a 406 would hide the call's real answer, such as the 404 of an unknown link.
 */
@Provider
@PreMatching
public class AcceptIgnored implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) {
        request.getHeaders().putSingle(HttpHeaders.ACCEPT, MediaType.WILDCARD);
    }
}
