package io.fuxi.platform.database;

import com.mysql.cj.conf.PropertyKey;
import com.mysql.cj.conf.RuntimeProperty;
import com.mysql.cj.jdbc.JdbcConnection;
import com.mysql.cj.jdbc.JdbcStatement;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Many rows of one table sent as {@code LOAD DATA LOCAL INFILE} of tab-separated text that Fuxi writes in memory
 * (ADR 47): MariaDB spends less CPU a row than on a multi-row INSERT of literals, which it must parse, and a bulk
 * call's rate is MariaDB's CPU.
 *
 * <p>The driver offers the server local files only on connections made with {@code allowLoadLocalInfile} or {@code
 * allowLoadLocalInfileInPath} set. The application's pool sets the path to {@link #NO_LOCAL_FILES}, which does not
 * exist and cannot be made, so a server that asks for a file gets none. For the one statement here, {@code
 * allowLoadLocalInfile} is turned on, with the rows' stream hooked in place of any file, and off again after it. A
 * server or a connection that refuses {@code LOCAL} (MySQL's default) has the rows inserted instead, by the caller.
 *
 * <p>With {@code LOCAL}, the server skips a row whose key is taken with a warning instead of failing: a load that kept
 * fewer rows than it was sent fails as a duplicate, and one with any warning fails too, so the caller's transaction
 * rolls back either way.
 */
final class RowLoads {

    /**
     * From this many rows on, as a bulk call writes them. Fewer (a changed link's words, say) keep their one round trip,
     * where a load takes two; the figure is a round one, not tuned.
     */
    static final int AT_LEAST = 100;

    /**
     * The pool's {@code allowLoadLocalInfileInPath}: a directory no one can make (the kernel's {@code /proc} takes
     * none), so no file of this host can be read to the server. The driver offers {@code LOCAL} only with it set.
     */
    static final String NO_LOCAL_FILES = "/proc/self/no-local-files";

    /**
     * ER_NOT_ALLOWED_COMMAND (older servers), ER_CLIENT_LOCAL_FILES_DISABLED (MySQL 8) and
     * ER_LOAD_INFILE_CAPABILITY_DISABLED (MariaDB): the server, or the connection, does not take {@code LOCAL}.
     */
    private static final Set<Integer> REFUSED = Set.of(1148, 3948, 4166);

    private static final Pattern INSERT = Pattern.compile("INSERT INTO (\\w+) \\(([\\w, ]+)\\) VALUES \\([?, ]+\\)");

    private static final HexFormat HEX = HexFormat.of();

    private RowLoads() {}

    /**
     * Loads the rows of the one-row INSERT on the connection, in the caller's transaction.
     *
     * @return false, with nothing written, when the server or the driver does not take {@code LOAD DATA LOCAL}
     * @throws DuplicateRowException when the server kept fewer rows than it was sent (a key was taken)
     * @throws SQLException when a row was loaded with a warning, or the statement failed otherwise
     */
    static boolean load(Connection connection, RowInserts.Rows rows) throws SQLException {
        if (!connection.isWrapperFor(JdbcConnection.class)) {
            return false;
        }
        Load load = of(rows);
        RuntimeProperty<Boolean> allowed = connection
                .unwrap(JdbcConnection.class)
                .getPropertySet()
                .getBooleanProperty(PropertyKey.allowLoadLocalInfile);
        try (Statement statement = connection.createStatement()) {
            JdbcStatement driverStatement = statement.unwrap(JdbcStatement.class);
            statement.setEscapeProcessing(false);
            driverStatement.setLocalInfileInputStream(new ByteArrayInputStream(load.data()));
            allowed.setValue(true);
            long kept;
            try {
                kept = statement.executeLargeUpdate(load.statement());
            } finally {
                allowed.resetValue();
                driverStatement.setLocalInfileInputStream(null);
            }
            if (kept != rows.rows().size()) {
                throw new DuplicateRowException(new SQLException(
                        "LOAD DATA kept " + kept + " of " + rows.rows().size() + " rows: a key was taken"));
            }
            SQLWarning warning = statement.getWarnings();
            if (warning != null) {
                throw new SQLException("rows loaded with a warning: " + warning.getMessage(), warning);
            }
            return true;
        } catch (SQLException e) {
            if (REFUSED.contains(e.getErrorCode())) {
                return false;
            }
            if (RowInserts.isDuplicate(e)) {
                throw new DuplicateRowException(e);
            }
            throw e;
        }
    }

    /** The statement and the text it reads, for the rows of a one-row INSERT. */
    record Load(String statement, byte[] data) {}

    /**
     * The {@code LOAD DATA} of the INSERT's table and columns, and its rows as text: fields separated by tabs, rows
     * ended by newlines, NULL as {@code \N}, a backslash, tab, newline, carriage return or NUL escaped with a
     * backslash, and bytes as hex, which the statement turns back with {@code UNHEX}.
     *
     * @throws IllegalArgumentException when the INSERT is not one row of placeholders, or a row has another number of
     *     values
     */
    static Load of(RowInserts.Rows rows) {
        Matcher insert = INSERT.matcher(rows.sql());
        if (!insert.matches()) {
            throw new IllegalArgumentException("not a one-row INSERT of placeholders: " + rows.sql());
        }
        String[] columns = insert.group(2).split(", ");
        boolean[] bytes = new boolean[columns.length];
        Map<Instant, String> instants = new HashMap<>();
        StringBuilder text = new StringBuilder(rows.rows().size() * 64);
        for (Object[] row : rows.rows()) {
            if (row.length != columns.length) {
                throw new IllegalArgumentException(
                        row.length + " values for " + columns.length + " columns: " + rows.sql());
            }
            for (int i = 0; i < row.length; i++) {
                if (i > 0) {
                    text.append('\t');
                }
                bytes[i] |= row[i] instanceof byte[];
                appendField(text, row[i], instants);
            }
            text.append('\n');
        }
        List<String> targets = new ArrayList<>();
        List<String> conversions = new ArrayList<>();
        for (int i = 0; i < columns.length; i++) {
            if (bytes[i]) {
                targets.add("@v" + i);
                conversions.add(columns[i] + " = UNHEX(@v" + i + ")");
            } else {
                targets.add(columns[i]);
            }
        }
        String statement = "LOAD DATA LOCAL INFILE 'rows' INTO TABLE " + insert.group(1) + " CHARACTER SET utf8mb4 ("
                + String.join(", ", targets) + ")"
                + (conversions.isEmpty() ? "" : " SET " + String.join(", ", conversions));
        return new Load(statement, text.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static void appendField(StringBuilder text, Object value, Map<Instant, String> instants) {
        if (value == null) {
            text.append("\\N");
        } else if (value instanceof String string) {
            appendEscaped(text, string);
        } else if (value instanceof byte[] bytes) {
            text.append(HEX.formatHex(bytes));
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short) {
            text.append(value);
        } else if (value instanceof Boolean flag) {
            text.append(flag ? '1' : '0');
        } else if (value instanceof Instant instant) {
            text.append(instants.computeIfAbsent(instant, RowInserts.DATETIME::format));
        } else {
            throw new IllegalArgumentException(
                    "no field for a " + value.getClass().getName());
        }
    }

    private static void appendEscaped(StringBuilder text, String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> text.append("\\\\");
                case '\t' -> text.append("\\t");
                case '\n' -> text.append("\\n");
                case '\r' -> text.append("\\r");
                case '\0' -> text.append("\\0");
                default -> text.append(c);
            }
        }
    }
}
