package io.fuxi.platform.problem;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Answers a ProblemException with its problem body. */
@Provider
public class ProblemMapper implements ExceptionMapper<ProblemException> {

    @Override
    public Response toResponse(ProblemException exception) {
        return exception.toResponse();
    }
}
