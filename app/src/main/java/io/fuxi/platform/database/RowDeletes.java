package io.fuxi.platform.database;

import jakarta.persistence.EntityManager;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Deletes rows by their whole primary key, many in one statement: {@code DELETE ... WHERE (a, b) IN ((?, ?), ...)},
 * which MariaDB and MySQL answer by a range read of the key per row. Sent as single-row deletes in a batch instead,
 * each statement is parsed and run on its own, which made the purge much slower (ADR 24).
 */
public final class RowDeletes {

    /** Rows per statement: a bulk purge's chunk of words stays a few statements, each far below max_allowed_packet. */
    static final int ROWS_PER_STATEMENT = 1000;

    private RowDeletes() {}

    /** {@link #byKey(Connection, String, String, List)} on the connection of the caller's transaction. */
    public static void byKey(EntityManager em, String table, String keyColumns, List<Object[]> keys) {
        if (!keys.isEmpty()) {
            TransactionConnection.apply(em, connection -> {
                byKey(connection, table, keyColumns, keys);
                return null;
            });
        }
    }

    /**
     * Deletes the rows of {@code table} whose key columns ({@code "a, b"}, the table's primary key) hold one of the
     * keys, each key's values in the order of the columns; Instants are bound in UTC to the millisecond.
     */
    public static void byKey(Connection connection, String table, String keyColumns, List<Object[]> keys)
            throws SQLException {
        Map<Instant, String> instants = new HashMap<>();
        for (int from = 0; from < keys.size(); from += ROWS_PER_STATEMENT) {
            List<Object[]> chunk = keys.subList(from, Math.min(from + ROWS_PER_STATEMENT, keys.size()));
            String tuple = Sql.inList("", chunk.get(0).length);
            String sql =
                    "DELETE FROM " + table + " WHERE (" + keyColumns + ") IN (" + Sql.repeat(tuple, chunk.size()) + ")";
            try (PreparedStatement delete = connection.prepareStatement(sql)) {
                int position = 1;
                for (Object[] key : chunk) {
                    for (Object value : key) {
                        bind(delete, position++, value, instants);
                    }
                }
                delete.executeUpdate();
            }
        }
    }

    /** Instants as DATETIME(3) text in UTC, each formatted once a call; other values as they are. */
    private static void bind(PreparedStatement delete, int position, Object value, Map<Instant, String> instants)
            throws SQLException {
        if (value instanceof Instant instant) {
            delete.setString(position, instants.computeIfAbsent(instant, RowInserts.DATETIME::format));
        } else {
            delete.setObject(position, value);
        }
    }
}
