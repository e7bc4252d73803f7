package io.fuxi.platform.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
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
    void aOneRowInsertBecomesAMultiRowInsertWithAGroupPerRow() {
        RowInserts.Rows rows = new RowInserts.Rows(
                "INSERT INTO t (a, b) VALUES (?, ?)",
                List.of(new Object[] {1, 2}, new Object[] {3, 4}, new Object[] {5, 6}));
        assertEquals("INSERT INTO t (a, b) VALUES (?, ?), (?, ?), (?, ?)", RowInserts.multiRow(rows));
    }
}
