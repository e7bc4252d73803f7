package io.fuxi.platform.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RowLoadsTest {

    @Test
    void rowsBecomeTabSeparatedTextWithBytesInHexTurnedBackByTheStatement() {
        RowLoads.Load load = RowLoads.of(new RowInserts.Rows(
                "INSERT INTO link_x (a, b, c, d, e) VALUES (?, ?, ?, ?, ?)",
                List.of(new Object[] {1L, "abc123", Instant.parse("2026-11-27T10:00:00.5Z"), true, null}, new Object[] {
                    2, null, Instant.parse("2026-11-27T10:00:00.5Z"), false, new byte[] {0x0f, (byte) 0xa0}
                })));
        assertEquals(
                "LOAD DATA LOCAL INFILE 'rows' INTO TABLE link_x CHARACTER SET utf8mb4 (a, b, c, d, @v4)"
                        + " SET e = UNHEX(@v4)",
                load.statement());
        assertEquals(
                "1\tabc123\t2026-11-27 10:00:00.500\t1\t\\N\n2\t\\N\t2026-11-27 10:00:00.500\t0\t0fa0\n",
                new String(load.data(), StandardCharsets.UTF_8));
    }

    @Test
    void whatCouldEndAFieldOrARowIsEscaped() {
        RowLoads.Load load =
                RowLoads.of(new RowInserts.Rows("INSERT INTO t (a) VALUES (?)", List.<Object[]>of(new Object[] {
                    "tab\there, new\nline, cr\r, back\\slash, nul\0, \\N, it's caf\u00e9"
                })));
        assertEquals("LOAD DATA LOCAL INFILE 'rows' INTO TABLE t CHARACTER SET utf8mb4 (a)", load.statement());
        assertEquals(
                "tab\\there, new\\nline, cr\\r, back\\\\slash, nul\\0, \\\\N, it's caf\u00e9\n",
                new String(load.data(), StandardCharsets.UTF_8));
    }

    @Test
    void onlyOneRowInsertsOfPlaceholdersWithRowsOfTheirSizeAreLoaded() {
        assertThrows(
                IllegalArgumentException.class,
                () -> RowLoads.of(new RowInserts.Rows(
                        "INSERT INTO t (a, b) VALUES (?, 1)", List.<Object[]>of(new Object[] {1L, 2L}))));
        assertThrows(
                IllegalArgumentException.class,
                () -> RowLoads.of(new RowInserts.Rows(
                        "INSERT INTO t (a, b) SELECT ?, ?", List.<Object[]>of(new Object[] {1L, 2L}))));
        assertThrows(
                IllegalArgumentException.class,
                () -> RowLoads.of(new RowInserts.Rows(
                        "INSERT INTO t (a, b) VALUES (?, ?)", List.<Object[]>of(new Object[] {1L}))));
        assertThrows(
                IllegalArgumentException.class,
                () -> RowLoads.of(
                        new RowInserts.Rows("INSERT INTO t (a) VALUES (?)", List.<Object[]>of(new Object[] {1.5}))));
    }
}
