package io.fuxi.platform.database;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A pooled connection that one thread keeps for the transactions it runs itself (autocommit off), instead of
 * taking one from the pool and a JTA transaction for each: it saves the pool's checkout and the two autocommit
 * switches a JTA transaction sends. Before a use that follows a quiet spell it is pinged, so that one the server
 * closed meanwhile is replaced instead of failing a transaction; after a failure the holder drops it and takes a new
 * one at the next use. Not thread-safe: one holder per thread.
 */
public final class HeldConnection implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(HeldConnection.class.getName());

    /** A connection unused for longer is pinged before its next use. */
    static final long QUIET_NANOS = 10_000_000_000L;

    /** How long a ping may take, in seconds. */
    private static final int PING_SECONDS = 2;

    /** A failed ping that took this long was not refused but unanswered. */
    private static final long UNANSWERED_PING_NANOS = PING_SECONDS * 900_000_000L;

    private final DataSource source;
    private final long quietNanos;
    private Connection connection;
    private long lastUsed;

    public HeldConnection(DataSource source) {
        this(source, QUIET_NANOS);
    }

    /** With another quiet spell than {@link #QUIET_NANOS}: 0 pings before every use. */
    HeldConnection(DataSource source, long quietNanos) {
        this.source = source;
        this.quietNanos = quietNanos;
    }

    /**
     * The connection, opened or replaced if need be, with autocommit off. A ping that gets no answer at all means the
     * database is out, not that the server closed an idle connection: that fails at once, rather than spending the
     * pool's wait and a connect timeout on a new connection as well.
     */
    public Connection get() throws SQLException {
        long now = System.nanoTime();
        if (connection != null && now - lastUsed >= quietNanos && !connection.isValid(PING_SECONDS)) {
            giveBack(false);
            if (System.nanoTime() - now >= UNANSWERED_PING_NANOS) {
                throw new SQLTransientConnectionException(
                        "The database did not answer a ping in " + PING_SECONDS + " s", "08S01");
            }
        }
        if (connection == null) {
            Connection opened = source.getConnection();
            try {
                opened.setAutoCommit(false);
            } catch (SQLException | RuntimeException e) {
                opened.close();
                throw e;
            }
            connection = opened;
        }
        lastUsed = now;
        return connection;
    }

    /** Rolls back what the transaction did; if even that fails, the connection is dropped. */
    public void rollback() {
        if (connection == null) {
            return;
        }
        try {
            connection.rollback();
        } catch (SQLException | RuntimeException e) {
            drop(e);
        }
    }

    /**
     * Gives the connection back to the pool, which checks it before its next lease, after a failure of the
     * transaction.
     */
    public void drop(Throwable failure) {
        giveBack(!DatabaseErrors.isOutage(failure));
    }

    @Override
    public void close() {
        giveBack(true);
    }

    /**
     * Rolled back and in autocommit again, unless the database is out of reach: each of those statements would then
     * wait for the socket's timeout in vain.
     */
    private void giveBack(boolean reachable) {
        if (connection == null) {
            return;
        }
        Connection given = connection;
        connection = null;
        try (given) {
            if (reachable) {
                given.rollback();
                given.setAutoCommit(true);
            }
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.FINE, "a held connection failed as it was given back", e);
        }
    }
}
