package io.fuxi.platform.problem;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Answers what no other mapper did (see {@link UnexpectedFailures}). */
@Provider
public class UnexpectedErrorMapper implements ExceptionMapper<Throwable> {

    @Override
    public Response toResponse(Throwable exception) {
        return UnexpectedFailures.problemFor(exception).toResponse();
    }
}
