package io.fuxi.codes.boundary;

import io.fuxi.codes.control.CodeBlock;
import io.fuxi.codes.control.PoolExhaustedException;
import io.fuxi.platform.database.TransactionConnection;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reserves a block of sequence numbers for this node in one short transaction of its own, and reads the block's
 * codes in one query. A node that dies loses the rest of its block: those codes are skipped, never reissued. Plain
 * JDBC on the transaction's connection: a bulk call of 1,000 links reserves a block, and Hibernate's find and query
 * cost more than the statements (ADR 15).
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class CodeBlockReservation {

    private static final String LOCK_STATE = "SELECT loaded_seq, next_seq FROM code_pool_state WHERE id = 1 FOR UPDATE";
    private static final String TAKE = "UPDATE code_pool_state SET next_seq = ? WHERE id = 1";
    private static final String CODES = "SELECT code FROM code_pool WHERE seq BETWEEN ? AND ? ORDER BY seq";

    @PersistenceContext
    EntityManager em;

    @Inject
    Event<PoolLevel> level;

    public CodeBlock reserve(int size) {
        return TransactionConnection.apply(em, connection -> reserve(connection, size));
    }

    private CodeBlock reserve(Connection connection, int size) throws SQLException {
        PoolLevel before = lockedLevel(connection);
        long taken = Math.min(size, before.remaining());
        if (taken == 0) {
            level.fireAsync(before);
            throw new PoolExhaustedException();
        }
        long first = before.handedOut() + 1;
        try (PreparedStatement take = connection.prepareStatement(TAKE)) {
            take.setLong(1, first + taken);
            take.executeUpdate();
        }
        level.fireAsync(new PoolLevel(before.loaded(), before.handedOut() + taken));
        return new CodeBlock(codes(connection, first, first + taken - 1));
    }

    /** The pool's level, its row locked until the transaction ends; an empty pool when the row is missing. */
    private static PoolLevel lockedLevel(Connection connection) throws SQLException {
        try (PreparedStatement lock = connection.prepareStatement(LOCK_STATE);
                ResultSet row = lock.executeQuery()) {
            return row.next() ? new PoolLevel(row.getLong(1), row.getLong(2) - 1) : new PoolLevel(0, 0);
        }
    }

    private static List<String> codes(Connection connection, long first, long last) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(CODES)) {
            query.setLong(1, first);
            query.setLong(2, last);
            List<String> codes = new ArrayList<>((int) (last - first + 1));
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    codes.add(rows.getString(1));
                }
            }
            return codes;
        }
    }
}
