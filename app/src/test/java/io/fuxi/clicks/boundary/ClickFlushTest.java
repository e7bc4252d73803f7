package io.fuxi.clicks.boundary;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import org.junit.jupiter.api.Test;

class ClickFlushTest {

    @Test
    void aDeadlockIsARollbackWhereverItIsInTheCauses() {
        assertTrue(ClickFlush.isRolledBack(new SQLTransactionRollbackException("Deadlock found", "40001", 1213)));
        BatchUpdateException batch = new BatchUpdateException("Deadlock found", new int[0]);
        batch.initCause(new SQLTransactionRollbackException("Deadlock found", "40001", 1213));
        assertTrue(ClickFlush.isRolledBack(batch));
        assertTrue(ClickFlush.isRolledBack(new SQLException("Deadlock found", "40001", 1213)));
    }

    @Test
    void otherFailuresAreNot() {
        assertFalse(ClickFlush.isRolledBack(new SQLException("Table 'fuxi.click_day' doesn't exist", "42S02", 1146)));
        assertFalse(ClickFlush.isRolledBack(new IllegalStateException("no cause")));
    }
}
