package io.fuxi.platform.database;

import jakarta.persistence.EntityManager;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Inserts rows on the connection of the caller's transaction ({@link TransactionConnection}, or one whose transactions
 * the caller runs itself) as one JDBC batch, which the driver sends as multi-row INSERTs (rewriteBatchedStatements), or
 * several tables' rows and a COMMIT as one statement ({@link #insertTogether}). A bulk create's profile showed
 * Hibernate's native queries spending more on their thousands of parameters than the driver spent on the insert.
 */
public final class RowInserts {

    private static final DateTimeFormatter DATETIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    /** ER_DUP_ENTRY */
    private static final int DUPLICATE_KEY = 1062;

    private static final String VALUES = "VALUES ";

    private RowInserts() {}

    /**
     * Runs the one-row INSERT {@code sql} once per row, its values in the order of its placeholders; Instants are
     * written in UTC to the millisecond, as Hibernate writes them to DATETIME(3).
     *
     * @throws DuplicateRowException when a row's key is taken: nothing of the batch is kept once the caller's
     *     transaction rolls back
     */
    public static void insert(EntityManager em, String sql, Collection<Object[]> rows) {
        if (!rows.isEmpty()) {
            TransactionConnection.apply(em, connection -> {
                insert(connection, sql, rows);
                return null;
            });
        }
    }

    /** {@link #insert(EntityManager, String, Collection)} on a connection whose transaction the caller runs. */
    public static void insert(Connection connection, String sql, Collection<Object[]> rows) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        Map<Instant, String> instants = new HashMap<>();
        try (PreparedStatement insert = connection.prepareStatement(sql)) {
            for (Object[] row : rows) {
                for (int i = 0; i < row.length; i++) {
                    bind(insert, i + 1, row[i], instants);
                }
                insert.addBatch();
            }
            insert.executeBatch();
        } catch (SQLException e) {
            if (isDuplicate(e)) {
                throw new DuplicateRowException(e);
            }
            throw e;
        }
    }

    /** The rows of a one-row INSERT ({@code INSERT ... VALUES (?, ...)}), for {@link #insertTogether}. */
    public record Rows(String sql, Collection<Object[]> rows) {}

    /**
     * The rows of several one-row INSERTs as multi-row INSERTs, followed by {@code last} (say, COMMIT), sent as one
     * statement in one round trip: the connection must allow several statements in one (allowMultiQueries). The
     * server stops at the first statement that fails, and the caller's rollback undoes those before it.
     *
     * @throws DuplicateRowException when a row's key is taken
     */
    public static void insertTogether(Connection connection, List<Rows> inserts, String last) throws SQLException {
        StringBuilder sql = new StringBuilder();
        for (Rows insert : inserts) {
            if (!insert.rows().isEmpty()) {
                sql.append(multiRow(insert)).append(";\n");
            }
        }
        sql.append(last);
        Map<Instant, String> instants = new HashMap<>();
        try (PreparedStatement statement = connection.prepareStatement(sql.toString())) {
            int position = 1;
            for (Rows insert : inserts) {
                for (Object[] row : insert.rows()) {
                    for (Object value : row) {
                        bind(statement, position++, value, instants);
                    }
                }
            }
            statement.execute(); // Connector/J reads every statement's outcome here, and throws the first failure
        } catch (SQLException e) {
            if (isDuplicate(e)) {
                throw new DuplicateRowException(e);
            }
            throw e;
        }
    }

    /** The one-row INSERT with its VALUES group repeated once per row. */
    static String multiRow(Rows insert) {
        String sql = insert.sql();
        int values = sql.lastIndexOf(VALUES) + VALUES.length();
        return sql.substring(0, values)
                + Sql.repeat(sql.substring(values), insert.rows().size());
    }

    /**
     * Instants as DATETIME(3) literals in UTC, each formatted once a batch: the driver would format a Timestamp twice
     * per row (to size the batch, then to send it) with a SimpleDateFormat, which was a third of a bulk insert's time.
     */
    static void bind(PreparedStatement insert, int position, Object value, Map<Instant, String> instants)
            throws SQLException {
        if (value == null) {
            insert.setNull(position, Types.NULL);
        } else if (value instanceof Instant instant) {
            insert.setString(position, instants.computeIfAbsent(instant, DATETIME::format));
        } else {
            insert.setObject(position, value);
        }
    }

    /**
     * A duplicate key (MySQL's and MariaDB's error 1062), also when the driver reports it for the whole rewritten
     * batch (a BatchUpdateException whose cause or next exception is the driver's).
     */
    static boolean isDuplicate(SQLException failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && sql.getErrorCode() == DUPLICATE_KEY) {
                return true;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return failure.getNextException() != null && isDuplicate(failure.getNextException());
    }
}
