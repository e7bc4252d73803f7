package io.fuxi.platform.problem;

import io.fuxi.platform.database.DatabaseErrors;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The last resort for failures nobody anticipated: logged in full with an id, answered as a 500 problem that carries
 * only the id, never a stack trace. Every anticipated failure has its own problem and status, but one: a database that
 * cannot be reached or does not answer surfaces wherever the database is used, and is answered as a 503 with
 * Retry-After (logged in one line: the health checks and the metrics tell the rest).
 */
public final class UnexpectedFailures {

    private static final Logger LOG = Logger.getLogger(UnexpectedFailures.class.getName());

    private UnexpectedFailures() {}

    public static Problem problemFor(Throwable failure) {
        DatabaseErrors.record(failure);
        if (DatabaseErrors.isOutage(failure)) {
            LOG.warning(() -> "Database unavailable, answered 503: " + DatabaseErrors.rootCause(failure));
            return Problem.DATABASE_UNAVAILABLE;
        }
        String incident = UUID.randomUUID().toString();
        LOG.log(Level.SEVERE, "Unexpected failure, incident " + incident, failure);
        return new Problem(500, "Internal Server Error", "Unexpected failure; incident " + incident, null);
    }
}
