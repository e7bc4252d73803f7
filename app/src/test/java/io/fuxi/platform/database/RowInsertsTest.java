package io.fuxi.platform.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class RowInsertsTest {

    private static final String DUPLICATE = "Duplicate entry 'taken' for key 'PRIMARY'";

    @Test
    void aTakenKeyIsADuplicateAlsoWhenTheDriverReportsItForTheWholeBatch() {
        SQLException driver = new SQLIntegrityConstraintViolationException(DUPLICATE, "23000", 1062);
        assertTrue(RowInserts.isDuplicate(driver));
        // Connector/J's rewritten batch: a BatchUpdateException with the driver's exception as its cause
        assertTrue(RowInserts.isDuplicate(new BatchUpdateException(DUPLICATE, "23000", 1062, new int[0], driver)));
        // and a driver that chains it as the next exception only
        BatchUpdateException batch = new BatchUpdateException("batch failed", new int[0]);
        batch.setNextException(driver);
        assertTrue(RowInserts.isDuplicate(batch));
    }

    @Test
    void otherRefusedRowsAndFailuresAreNoDuplicate() {
        // same SQLState class: a NOT NULL column left empty (1048) is a defect, not a taken key
        assertFalse(RowInserts.isDuplicate(
                new SQLIntegrityConstraintViolationException("Column 'url' cannot be null", "23000", 1048)));
        assertFalse(RowInserts.isDuplicate(new SQLException("Communications link failure", "08S01")));
        assertFalse(RowInserts.isDuplicate(new BatchUpdateException("Data too long", "22001", 1406, new int[0])));
    }

    @Test
    void rowsBecomeMultiRowInsertsOfLiterals() {
        RowInserts.Rows rows = new RowInserts.Rows(
                "INSERT INTO t (a, b, c, d) VALUES (?, ?, ?, ?)",
                List.of(new Object[] {1L, "abc123", Instant.parse("2026-11-27T10:00:00.5Z"), true}, new Object[] {
                    2, null, Instant.parse("2026-11-27T10:00:00.5Z"), new byte[] {0x0f, (byte) 0xa0}
                }));
        assertEquals(
                List.of("INSERT INTO t (a, b, c, d) VALUES (1, 'abc123', '2026-11-27 10:00:00.500', TRUE),"
                        + " (2, NULL, '2026-11-27 10:00:00.500', X'0fa0')"),
                RowInserts.statements(rows));
    }

    @Test
    void aStringThatCouldLeaveItsQuotesIsWrittenInHex() {
        for (String hostile : List.of("it's", "back\\slash", "new\nline", "caf\u00e9", "x'); DROP TABLE link; --")) {
            StringBuilder sql = new StringBuilder();
            RowInserts.appendLiteral(sql, hostile, new HashMap<>());
            assertEquals(
                    "X'" + HexFormat.of().formatHex(hostile.getBytes(StandardCharsets.UTF_8)) + "'", sql.toString());
        }
        StringBuilder plain = new StringBuilder();
        RowInserts.appendLiteral(plain, "https://example.com/a?b=c&d=%20#e", new HashMap<>());
        assertEquals("'https://example.com/a?b=c&d=%20#e'", plain.toString());
        assertThrows(
                IllegalArgumentException.class,
                () -> RowInserts.appendLiteral(new StringBuilder(), 1.5, new HashMap<>()));
    }

    @Test
    void manyRowsAreCutIntoStatementsOfAboutAMegabyte() {
        List<Object[]> many = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            many.add(new Object[] {"x".repeat(500)});
        }
        List<String> statements = RowInserts.statements(new RowInserts.Rows("INSERT INTO t (a) VALUES (?)", many));
        assertEquals(3, statements.size());
        for (String statement : statements) {
            assertTrue(statement.length() < RowInserts.MAX_STATEMENT_CHARS + 600, "length " + statement.length());
            assertTrue(statement.startsWith("INSERT INTO t (a) VALUES ('xxx"), statement.substring(0, 40));
        }
        assertEquals(
                5000,
                statements.stream().mapToInt(s -> s.split("\\), \\(").length).sum());
        assertEquals(List.of(), RowInserts.statements(new RowInserts.Rows("INSERT INTO t (a) VALUES (?)", List.of())));
    }

    @Test
    void anUpsertEndsEachOfItsStatementsWithItsClause() {
        String clause = " ON DUPLICATE KEY UPDATE n = n + VALUES(n), s = VALUES(s)";
        List<Object[]> many = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            many.add(new Object[] {"k" + i, (long) i, new byte[400]});
        }
        List<String> statements = RowInserts.statements(
                new RowInserts.Rows("INSERT INTO t (k, n, s) VALUES (?, ?, ?)" + clause, many), true);
        assertEquals(3, statements.size());
        for (String statement : statements) {
            assertTrue(statement.startsWith("INSERT INTO t (k, n, s) VALUES ('k"), statement.substring(0, 40));
            assertTrue(statement.endsWith("00')" + clause), statement.substring(statement.length() - 80));
        }
        assertEquals(
                List.of("INSERT INTO t (k, n, s) VALUES ('a', 1, X'01'), ('b', 2, X'02')" + clause),
                RowInserts.statements(
                        new RowInserts.Rows(
                                "INSERT INTO t (k, n, s) VALUES (?, ?, ?)" + clause,
                                List.of(new Object[] {"a", 1L, new byte[] {1}}, new Object[] {"b", 2, new byte[] {2}})),
                        true));
    }

    @Test
    void anUpsertWithoutItsClauseOrWithPlaceholdersInItIsRefused() {
        List<Object[]> one = List.<Object[]>of(new Object[] {1L});
        for (String sql : List.of(
                "INSERT INTO t (a) VALUES (?)",
                "INSERT INTO t (a) VALUES (?) ON DUPLICATE KEY UPDATE a = ?",
                "INSERT INTO t (a) VALUES (?); DELETE FROM t")) {
            assertThrows(
                    IllegalArgumentException.class,
                    () -> RowInserts.statements(new RowInserts.Rows(sql, one), true),
                    sql);
        }
    }

    @Test
    void anInsertWhoseValuesAreNotPlaceholdersOnlyIsRefused() {
        List<Object[]> one = List.<Object[]>of(new Object[] {1L});
        for (String sql : List.of(
                "INSERT INTO t (a, b) VALUES (?, NOW())",
                "INSERT INTO t (a) VALUES (?) ON DUPLICATE KEY UPDATE a = a",
                "INSERT INTO t (a) SELECT 1")) {
            assertThrows(
                    IllegalArgumentException.class, () -> RowInserts.statements(new RowInserts.Rows(sql, one)), sql);
        }
        assertThrows(
                IllegalArgumentException.class,
                () -> RowInserts.statements(new RowInserts.Rows("INSERT INTO t (a, b) VALUES (?, ?)", one)),
                "a row of one value for two placeholders");
    }
}
