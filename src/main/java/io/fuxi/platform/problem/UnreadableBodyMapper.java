package io.fuxi.platform.problem;

import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** The JAX-RS runtime wraps reader failures (a body that is not JSON, not UTF-8, cut short) in ProcessingException. */
@Provider
public class UnreadableBodyMapper implements ExceptionMapper<ProcessingException> {

    @Override
    public Response toResponse(ProcessingException exception) {
        for (Throwable cause = exception; cause != null; cause = cause.getCause()) {
            if (cause instanceof ProblemException problem) {
                return problem.toProblem().toResponse();
            }
        }
        return new Problem(400, "Malformed JSON", "The body could not be read as JSON.", "body").toResponse();
    }
}
