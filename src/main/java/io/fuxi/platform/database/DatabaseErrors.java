package io.fuxi.platform.database;

import java.sql.SQLException;
import java.util.concurrent.atomic.LongAdder;

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

    public static long count() {
        return COUNT.sum();
    }
}
