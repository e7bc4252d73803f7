package io.fuxi.codes.boundary;

import io.fuxi.codes.control.CodeBlock;
import io.fuxi.codes.control.PoolExhaustedException;
import io.fuxi.codes.control.PoolRows;
import io.fuxi.platform.database.TransactionConnection;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Reserves a block of sequence numbers for this node in one short transaction of its own, and reads the block's
 * codes in one query. A node that dies loses the rest of its block: those codes are skipped, never reissued. Plain
 * JDBC on the transaction's connection ({@link PoolRows}): a bulk call of 1,000 links reserves a block, and
 * Hibernate's find and query cost more than the statements (ADR 15).
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class CodeBlockReservation {

    @PersistenceContext
    EntityManager em;

    @Inject
    Event<PoolLevel> level;

    public CodeBlock reserve(int size) {
        return TransactionConnection.apply(em, connection -> reserve(connection, size));
    }

    private CodeBlock reserve(Connection connection, int size) throws SQLException {
        PoolRows.Counts counts = PoolRows.lockCounts(connection);
        PoolLevel before = new PoolLevel(counts.loaded(), counts.handedOut());
        long taken = Math.min(size, before.remaining());
        if (taken == 0) {
            level.fireAsync(before);
            throw new PoolExhaustedException();
        }
        long handedOut = before.handedOut() + taken;
        PoolRows.setHandedOut(connection, handedOut);
        level.fireAsync(new PoolLevel(before.loaded(), handedOut));
        return new CodeBlock(PoolRows.codes(connection, before.handedOut() + 1, handedOut));
    }
}
