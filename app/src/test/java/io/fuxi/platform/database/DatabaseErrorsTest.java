package io.fuxi.platform.database;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ejb.EJBException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLRecoverableException;
import javax.transaction.xa.XAException;
import org.junit.jupiter.api.Test;

class DatabaseErrorsTest {

    @Test
    void aDatabaseThatCannotBeReachedOrDoesNotAnswerIsAnOutageHoweverDeepItsCause() {
        assertTrue(DatabaseErrors.isOutage(
                new EJBException(new IllegalStateException(new SQLException("Communications link failure", "08S01")))));
        assertTrue(DatabaseErrors.isOutage(new SQLRecoverableException("connection closed")));
        assertTrue(DatabaseErrors.isOutage(new RuntimeException(
                new SQLException("read failed", null, new SocketTimeoutException("Read timed out")))));
        assertTrue(DatabaseErrors.isOutage(new SQLException(
                "Error in allocating a connection. Cause: In-use connections equal max-pool-size and expired"
                        + " max-wait-time. Cannot allocate more connections.")));
        // a transaction that could not begin on a pooled connection: the pool keeps only the driver's words
        assertTrue(DatabaseErrors.isOutage(new SQLException(
                "Error in allocating a connection. Cause: java.lang.RuntimeException: Got exception during"
                        + " XAResource.start:",
                new RuntimeException(new XAException("com.sun.appserv.connectors.internal.api.PoolingException:"
                        + " jakarta.resource.spi.LocalTransactionException: Communications link failure")))));
    }

    @Test
    void aStatementTheDatabaseRefusedIsNoOutage() {
        assertFalse(DatabaseErrors.isOutage(
                new SQLIntegrityConstraintViolationException("Duplicate entry 'abc123' for key 'PRIMARY'", "23000")));
        assertFalse(DatabaseErrors.isOutage(new SQLException(
                "Error in allocating a connection. Cause: java.lang.IllegalStateException: Local transaction already"
                        + " has 1 non-XA Resource: cannot add more resources.")));
        assertFalse(DatabaseErrors.isOutage(new XAException("XAER_RMERR: the resource manager refused")));
        assertFalse(DatabaseErrors.isOutage(new IllegalStateException("no database involved")));
    }
}
