package io.fuxi.platform.database;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mysql.cj.conf.PropertyKey;
import com.mysql.cj.jdbc.MysqlDataSource;
import io.fuxi.it.Rows;
import io.fuxi.it.TestDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Many rows of one table loaded into a real MariaDB, through the driver the application uses (ADR 47). */
@Tag("database")
class RowLoadsIT {

    private static final String INSERT = "INSERT INTO loaded (id, text, bytes, at, flag) VALUES (?, ?, ?, ?, ?)";
    private static final String HOSTILE = "tab\there, new\nline, cr\r, back\\slash, nul\0, \\N, it's caf\u00e9 \u732b";
    private static final Instant AT = Instant.parse("2026-11-28T10:00:00.123Z");

    private final DataSource database = asTheApplicationsPool(TestDatabase.dataSource("loads_" + System.nanoTime()));
    private final Rows rows = new Rows(database);

    @BeforeEach
    void table() {
        rows.execute(
                "CREATE TABLE loaded (id BIGINT NOT NULL PRIMARY KEY, text VARCHAR(200) NULL, bytes BINARY(2) NULL,"
                        + " at DATETIME(3) NOT NULL, flag TINYINT(1) NOT NULL) DEFAULT CHARSET utf8mb4");
    }

    @Test
    void rowsOfEveryKindAreLoadedAsSentInOneLoad() throws SQLException {
        List<Object[]> sent = rowsFrom(1, 150);
        try (Connection connection = database.getConnection()) {
            connection.setAutoCommit(false);
            long loadsBefore = status(connection, "Com_load");
            long insertsBefore = status(connection, "Com_insert");
            RowInserts.insert(connection, INSERT, sent);
            connection.commit();
            assertEquals(loadsBefore + 1, status(connection, "Com_load"), "one LOAD DATA");
            assertEquals(insertsBefore, status(connection, "Com_insert"), "no INSERT");

            try (Statement query = connection.createStatement();
                    ResultSet loaded = query.executeQuery("SELECT id, text, bytes, at, flag FROM loaded ORDER BY id")) {
                for (Object[] row : sent) {
                    assertTrue(loaded.next(), "row " + row[0]);
                    assertEquals(row[0], loaded.getLong(1));
                    assertEquals(row[1], loaded.getString(2));
                    assertArrayEquals((byte[]) row[2], loaded.getBytes(3));
                    assertEquals(AT, loaded.getObject(4, LocalDateTime.class).toInstant(ZoneOffset.UTC));
                    assertEquals(row[4], loaded.getBoolean(5));
                }
            }
        }
    }

    @Test
    void fewRowsAreInserted() throws SQLException {
        try (Connection connection = database.getConnection()) {
            long loadsBefore = status(connection, "Com_load");
            RowInserts.insert(connection, INSERT, rowsFrom(1, RowLoads.AT_LEAST - 1));
            assertEquals(loadsBefore, status(connection, "Com_load"));
        }
        assertEquals(RowLoads.AT_LEAST - 1, rows.number("SELECT COUNT(*) FROM loaded"));
    }

    @Test
    void aTakenKeyFailsTheLoadAndTheRollbackKeepsNothingOfIt() throws SQLException {
        rows.execute("INSERT INTO loaded (id, at, flag) VALUES (75, NOW(3), 0)");
        try (Connection connection = database.getConnection()) {
            connection.setAutoCommit(false);
            // the server skips a taken key with a warning under LOCAL: the load must not pass for a whole one
            assertThrows(DuplicateRowException.class, () -> RowInserts.insert(connection, INSERT, rowsFrom(1, 150)));
            connection.rollback();
        }
        assertEquals(1, rows.number("SELECT COUNT(*) FROM loaded"));
        assertEquals(null, rows.text("SELECT text FROM loaded WHERE id = 75"));
    }

    @Test
    void aValueTheColumnCannotHoldFailsTheLoad() throws SQLException {
        List<Object[]> sent = rowsFrom(1, 150);
        sent.get(42)[1] = "x".repeat(201); // the caller checks lengths first; the server would cut it with a warning
        try (Connection connection = database.getConnection()) {
            connection.setAutoCommit(false);
            SQLException failure = assertThrows(SQLException.class, () -> RowInserts.insert(connection, INSERT, sent));
            assertTrue(failure.getMessage().contains("warning"), failure.getMessage());
            connection.rollback();
        }
        assertEquals(0, rows.number("SELECT COUNT(*) FROM loaded"));
    }

    @Test
    void afterALoadTheConnectionSendsTheServerNoFile() throws SQLException {
        try (Connection connection = database.getConnection()) {
            RowInserts.insert(connection, INSERT, rowsFrom(1, 150));
            try (Statement statement = connection.createStatement()) {
                SQLException refused = assertThrows(
                        SQLException.class,
                        () -> statement.execute("LOAD DATA LOCAL INFILE '/etc/hostname' INTO TABLE loaded (text)"));
                assertTrue(refused.getMessage().contains(RowLoads.NO_LOCAL_FILES), refused.getMessage());
            }
        }
        assertEquals(150, rows.number("SELECT COUNT(*) FROM loaded"));
    }

    @Test
    void aServerThatRefusesLocalFilesGetsTheRowsInserted() throws SQLException {
        rows.execute("SET GLOBAL local_infile = 0");
        try (Connection connection = database.getConnection()) {
            long insertsBefore = status(connection, "Com_insert");
            RowInserts.insert(connection, INSERT, rowsFrom(1, 150));
            assertEquals(insertsBefore + 1, status(connection, "Com_insert"), "one multi-row INSERT");
        } finally {
            rows.execute("SET GLOBAL local_infile = 1");
        }
        assertEquals(150, rows.number("SELECT COUNT(*) FROM loaded"));
        assertEquals(HOSTILE, rows.text("SELECT text FROM loaded WHERE id = 7"));
    }

    /**
     * The driver setting of the application's pool that lets a connection offer LOAD DATA LOCAL, as web.xml sets it
     * (bulk calls use that pool): the server must be able to ask and must get no file.
     */
    private static DataSource asTheApplicationsPool(DataSource database) {
        String webXml = webXml();
        int pool = webXml.indexOf("<name>java:app/jdbc/fuxi</name>");
        assertTrue(pool >= 0, "web.xml declares java:app/jdbc/fuxi");
        String declaration = webXml.substring(pool, webXml.indexOf("</data-source>", pool)); // that pool's alone
        Matcher setting = Pattern.compile("<name>allowLoadLocalInfileInPath</name><value>([^<]*)</value>")
                .matcher(declaration);
        assertTrue(setting.find(), "java:app/jdbc/fuxi sets allowLoadLocalInfileInPath");
        assertEquals(RowLoads.NO_LOCAL_FILES, setting.group(1));
        MysqlDataSource driver = (MysqlDataSource) database;
        driver.getStringProperty(PropertyKey.allowLoadLocalInfileInPath).setValue(setting.group(1));
        return driver;
    }

    private static String webXml() {
        try {
            return Files.readString(Path.of("src/main/webapp/WEB-INF/web.xml"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aConnectionThatDoesNotOfferLocalFilesGetsTheRowsInserted() throws SQLException {
        try (Connection connection =
                TestDatabase.dataSource(rows.text("SELECT DATABASE()")).getConnection()) {
            long insertsBefore = status(connection, "Com_insert");
            RowInserts.insert(connection, INSERT, rowsFrom(1, 150));
            assertEquals(insertsBefore + 1, status(connection, "Com_insert"), "one multi-row INSERT");
        }
        assertEquals(150, rows.number("SELECT COUNT(*) FROM loaded"));
    }

    /** Rows first..last: every seventh with a hostile text, every fifth with NULLs. */
    private static List<Object[]> rowsFrom(long first, long last) {
        List<Object[]> made = new ArrayList<>();
        for (long id = first; id <= last; id++) {
            String text = id % 7 == 0 ? HOSTILE : id % 5 == 0 ? null : "row " + id;
            byte[] bytes = id % 5 == 0 ? null : new byte[] {(byte) id, (byte) (id >> 8)};
            made.add(new Object[] {id, text, bytes, AT, id % 2 == 0});
        }
        return made;
    }

    private static long status(Connection connection, String name) throws SQLException {
        try (Statement query = connection.createStatement();
                ResultSet status = query.executeQuery("SHOW SESSION STATUS LIKE '" + name + "'")) {
            assertTrue(status.next(), name);
            return status.getLong(2);
        }
    }
}
