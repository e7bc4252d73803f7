package io.fuxi.platform.database;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.atomic.LongAdder;
import javax.transaction.xa.XAException;

/** Failures that came from the database, counted for the metrics: whoever catches one reports it here. */
public final class DatabaseErrors {

    private static final LongAdder COUNT = new LongAdder();

    private DatabaseErrors() {}

    /** Counts the failure if the database caused it (an SQLException anywhere in its causes); true if so. */
    public static boolean record(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException) {
                COUNT.increment();
                return true;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return false;
    }

    /**
     * Whether the failure means the database cannot be reached or does not answer (no connection within the pool's
     * wait, a connection that failed or timed out), as opposed to a statement it refused: the caller answers 503 and
     * the client tries again, where a refused statement is a defect.
     */
    public static boolean isOutage(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLTransientConnectionException
                    || cause instanceof SQLNonTransientConnectionException
                    || cause instanceof SQLRecoverableException
                    || cause instanceof SQLTimeoutException
                    || cause instanceof SocketTimeoutException
                    || cause instanceof ConnectException
                    || (cause instanceof SQLException sql && isOutage(sql))
                    || (cause instanceof XAException xa && isOutage(xa))) {
                return true;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return false;
    }

    /**
     * A transaction that could not begin on a pooled connection whose link had failed: the pool passes on only the
     * driver's words, not its exception.
     */
    private static boolean isOutage(XAException failure) {
        return failure.getMessage() != null && failure.getMessage().contains("Communications link failure");
    }

    /** SQLState class 08 is a connection failure; the pool says so only in words when its wait runs out. */
    private static boolean isOutage(SQLException failure) {
        String state = failure.getSQLState();
        String message = failure.getMessage();
        return (state != null && state.startsWith("08")) || (message != null && message.contains("max-wait-time"));
    }

    /** The failure at the bottom of the chain of causes: the one that says what went wrong. */
    public static Throwable rootCause(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }

    public static long count() {
        return COUNT.sum();
    }
}
