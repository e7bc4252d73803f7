package io.fuxi.platform.database;

import jakarta.persistence.EntityManager;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Inserts rows on the connection of the caller's transaction ({@link TransactionConnection}, or one whose transactions
 * the caller runs itself) as multi-row INSERTs whose values are SQL literals written here (ADR 37), or several tables'
 * rows and a COMMIT as one statement ({@link #insertTogether}). The driver's client-side prepared batch encoded every
 * value twice (to size the batch, then to send it), a large share of a bulk create's CPU in Payara (ADR 37,
 * docs/performance-history.md); before it, Hibernate's native queries had spent more on their thousands of
 * parameters than the driver spent on the insert.
 *
 * <p>A literal cannot break out of its quotes whatever the server's SQL mode: a string is quoted only when it holds
 * printable ASCII without a quote or a backslash, and is otherwise written as hex ({@code X'...'}), as bytes are.
 */
public final class RowInserts {

    static final DateTimeFormatter DATETIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private static final HexFormat HEX = HexFormat.of();

    /** ER_DUP_ENTRY */
    private static final int DUPLICATE_KEY = 1062;

    private static final String VALUES = "VALUES ";

    private static final String ON_DUPLICATE_KEY = " ON DUPLICATE KEY UPDATE ";

    /**
     * A statement is cut after the row that takes it past this length: far below the max_allowed_packet of MySQL (64
     * MB) and of MariaDB (16 MB) by default, and of the embedded database (64 MB).
     */
    static final int MAX_STATEMENT_CHARS = 1 << 20;

    private RowInserts() {}

    /**
     * Inserts the rows of the one-row INSERT {@code sql} ({@code INSERT INTO t (a, b) VALUES (?, ?)}), each row's values
     * in the order of its placeholders; Instants are written in UTC to the millisecond, as Hibernate writes them to
     * DATETIME(3).
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

    /**
     * {@link #insert(EntityManager, String, Collection)} on a connection whose transaction the caller runs: from {@link
     * RowLoads#AT_LEAST} rows on, as a {@code LOAD DATA} where the server takes it ({@link RowLoads}).
     */
    public static void insert(Connection connection, String sql, Collection<Object[]> rows) throws SQLException {
        if (rows.size() >= RowLoads.AT_LEAST && RowLoads.load(connection, new Rows(sql, rows))) {
            return;
        }
        for (String statement : statements(new Rows(sql, rows))) {
            execute(connection, statement);
        }
    }

    /**
     * Adds the rows of the one-row upsert {@code sql} ({@code INSERT INTO t (a, b) VALUES (?, ?) ON DUPLICATE KEY UPDATE
     * b = b + VALUES(b)}) as multi-row upserts of literals, each ending with the same clause, whose assignments take no
     * placeholders. The click flush's rows went as the driver's rewritten batch, whose binding was a large share of the
     * flush's CPU (ADR 37).
     */
    public static void upsert(Connection connection, String sql, Collection<Object[]> rows) throws SQLException {
        for (String statement : statements(new Rows(sql, rows), true)) {
            execute(connection, statement);
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
            for (String statement : statements(insert)) {
                sql.append(statement).append(";\n");
            }
        }
        execute(connection, sql.append(last).toString());
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.setEscapeProcessing(false); // no JDBC escapes ({fn ...}) to look for in the values
            statement.execute(sql); // Connector/J reads every statement's outcome here, and throws the first failure
        } catch (SQLException e) {
            if (isDuplicate(e)) {
                throw new DuplicateRowException(e);
            }
            throw e;
        }
    }

    /**
     * The one-row INSERT with a VALUES group of literals per row, cut into statements after {@link
     * #MAX_STATEMENT_CHARS}; none for no rows.
     *
     * @throws IllegalArgumentException when the INSERT's VALUES are not placeholders only, or a row has another number
     *     of values
     */
    static List<String> statements(Rows insert) {
        return statements(insert, false);
    }

    /**
     * {@link #statements(Rows)}, or, for an upsert, the same with the INSERT's {@code ON DUPLICATE KEY UPDATE} clause at
     * the end of each statement.
     */
    static List<String> statements(Rows insert, boolean upsert) {
        String sql = insert.sql();
        int valuesAt = sql.indexOf(VALUES);
        int columns = (int) sql.chars().filter(c -> c == '?').count();
        int valuesEnd = valuesAt + VALUES.length();
        String group = Sql.inList("", columns);
        String clause = valuesAt < 0 ? "" : sql.substring(Math.min(sql.length(), valuesEnd + group.length()));
        if (valuesAt < 0
                || columns == 0
                || !sql.startsWith(group, valuesEnd)
                || !(upsert ? clause.startsWith(ON_DUPLICATE_KEY) : clause.isEmpty())) {
            throw new IllegalArgumentException(
                    "not a one-row " + (upsert ? "upsert" : "INSERT") + " of placeholders: " + sql);
        }
        String head = sql.substring(0, valuesEnd);
        Map<Instant, String> instants = new HashMap<>();
        List<String> statements = new ArrayList<>();
        StringBuilder statement = new StringBuilder(head);
        for (Object[] row : insert.rows()) {
            if (row.length != columns) {
                throw new IllegalArgumentException(row.length + " values for " + columns + " placeholders: " + sql);
            }
            if (statement.length() >= MAX_STATEMENT_CHARS) {
                statements.add(statement.append(clause).toString());
                statement.setLength(head.length());
            }
            statement.append(statement.length() > head.length() ? ", (" : "(");
            for (int i = 0; i < row.length; i++) {
                if (i > 0) {
                    statement.append(", ");
                }
                appendLiteral(statement, row[i], instants);
            }
            statement.append(')');
        }
        if (statement.length() > head.length()) {
            statements.add(statement.append(clause).toString());
        }
        return statements;
    }

    /**
     * The value as an SQL literal: Instants as DATETIME(3) in UTC, each formatted once an insert (the driver had
     * formatted a Timestamp twice a row with a SimpleDateFormat, a large share of a bulk insert's time: ADR 15,
     * docs/performance-history.md).
     */
    static void appendLiteral(StringBuilder sql, Object value, Map<Instant, String> instants) {
        if (value == null) {
            sql.append("NULL");
        } else if (value instanceof String text) {
            appendString(sql, text);
        } else if (value instanceof byte[] bytes) {
            sql.append("X'").append(HEX.formatHex(bytes)).append('\'');
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short) {
            sql.append(value);
        } else if (value instanceof Boolean flag) {
            sql.append(flag ? "TRUE" : "FALSE");
        } else if (value instanceof Instant instant) {
            sql.append('\'')
                    .append(instants.computeIfAbsent(instant, DATETIME::format))
                    .append('\'');
        } else {
            throw new IllegalArgumentException(
                    "no SQL literal for a " + value.getClass().getName());
        }
    }

    private static void appendString(StringBuilder sql, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c > 0x7e || c == '\'' || c == '\\') {
                sql.append("X'")
                        .append(HEX.formatHex(text.getBytes(StandardCharsets.UTF_8)))
                        .append('\'');
                return;
            }
        }
        sql.append('\'').append(text).append('\'');
    }

    /**
     * A duplicate key (MySQL's and MariaDB's error 1062), also when a driver reports it for a whole batch (a
     * BatchUpdateException whose cause or next exception is the driver's).
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
