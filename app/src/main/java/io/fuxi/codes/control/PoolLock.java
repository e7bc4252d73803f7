package io.fuxi.codes.control;

import io.fuxi.platform.database.NamedLock;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The cluster-wide right to append to the code pool: a MySQL named lock held by one connection, which the server
 * frees if the node dies. The batch generator and the recycler both append, so both take it.
 */
public final class PoolLock {

    private static final NamedLock LOCK = new NamedLock("fuxi.code-pool.generator");

    private PoolLock() {}

    public static boolean take(Connection connection, int waitSeconds) throws SQLException {
        return LOCK.take(connection, waitSeconds);
    }

    /**
     * Rolls back what is uncommitted (turning auto-commit back on would commit it) and frees the lock, for a
     * connection about to go back to the pool.
     */
    public static void release(Connection connection) throws SQLException {
        if (!connection.getAutoCommit()) {
            connection.rollback();
            connection.setAutoCommit(true);
        }
        LOCK.release(connection);
    }

    /** Whether a batch was left half-loaded: its sequence numbers are reserved, so nothing may be appended before it is finished. */
    public static boolean batchUnfinished(Connection connection) throws SQLException {
        try (PreparedStatement query =
                        connection.prepareStatement("SELECT 1 FROM code_batch WHERE finished_at IS NULL LIMIT 1");
                ResultSet row = query.executeQuery()) {
            return row.next();
        }
    }
}
