package io.fuxi.codes.boundary;

import io.fuxi.codes.control.CodeBlock;
import io.fuxi.codes.control.PoolExhaustedException;
import io.fuxi.codes.entity.PoolCode;
import io.fuxi.codes.entity.PoolState;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;

/**
 * Reserves a block of sequence numbers for this node in one short transaction of its own, and reads the block's
 * codes in one query. A node that dies loses the rest of its block: those codes are skipped, never reissued.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class CodeBlockReservation {

    @PersistenceContext
    EntityManager em;

    @Inject
    Event<PoolLevel> level;

    public CodeBlock reserve(int size) {
        PoolState state = em.find(PoolState.class, PoolState.ID, LockModeType.PESSIMISTIC_WRITE);
        long available = state == null ? 0 : state.remaining();
        if (available == 0) {
            level.fireAsync(state == null ? new PoolLevel(0, 0) : levelOf(state));
            throw new PoolExhaustedException();
        }
        long taken = Math.min(size, available);
        long first = state.reserve(taken);
        level.fireAsync(levelOf(state));
        return new CodeBlock(em.createNamedQuery(PoolCode.IN_RANGE, String.class)
                .setParameter("first", first)
                .setParameter("last", first + taken - 1)
                .getResultList());
    }

    private static PoolLevel levelOf(PoolState state) {
        return new PoolLevel(state.loadedSeq(), state.nextSeq() - 1);
    }
}
