package io.fuxi.platform.problem;

import io.fuxi.platform.database.DatabaseErrors;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The last resort for failures nobody anticipated: logged in full with an id, answered as a 500 problem
 * that carries only the id, never a stack trace. Every anticipated failure has its own mapper and status, but one:
 * a database that cannot be reached or does not answer surfaces wherever the database is used, and is answered here
 * as a 503 with Retry-After (logged in one line: the health checks and the metrics tell the rest).
 */
@Provider
public class UnexpectedErrorMapper implements ExceptionMapper<Throwable> {

    private static final Logger LOG = Logger.getLogger(UnexpectedErrorMapper.class.getName());

    @Override
    public Response toResponse(Throwable exception) {
        String incident = UUID.randomUUID().toString();
        DatabaseErrors.record(exception);
        if (DatabaseErrors.isOutage(exception)) {
            LOG.warning(() -> "Database unavailable, answered 503: " + DatabaseErrors.rootCause(exception));
            return Problem.DATABASE_UNAVAILABLE.toResponse();
        }
        LOG.log(Level.SEVERE, "Unexpected failure, incident " + incident, exception);
        return new Problem(500, "Internal Server Error", "Unexpected failure; incident " + incident, null).toResponse();
    }
}
