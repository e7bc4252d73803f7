package io.fuxi.idempotency.boundary;

import io.fuxi.idempotency.control.Claim;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;

/**
 * The stored first answers, each step in a short transaction of its own, so that a claim is visible to a
 * concurrent retry at once. A claim left by a node that died mid-request expires after {@link #CLAIM_TIMEOUT}.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class IdempotentRequests {

    static final Duration CLAIM_TIMEOUT = Duration.ofMinutes(1);
    static final Duration RETENTION = Duration.ofHours(24);

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    public Claim claim(long keyId, String idempotencyKey, byte[] fingerprint) {
        Instant now = Instant.now(clock);
        int inserted = em.createNativeQuery("""
                        INSERT IGNORE INTO idempotent_request (api_key_id, idempotency_key, fingerprint, created_at)
                        VALUES (?1, ?2, ?3, ?4)""")
                .setParameter(1, keyId)
                .setParameter(2, idempotencyKey)
                .setParameter(3, fingerprint)
                .setParameter(4, now)
                .executeUpdate();
        if (inserted == 1) {
            return Claim.of(Claim.Outcome.NEW);
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                        SELECT fingerprint, status, location, body, created_at FROM idempotent_request
                        WHERE api_key_id = ?1 AND idempotency_key = ?2""")
                .setParameter(1, keyId)
                .setParameter(2, idempotencyKey)
                .getResultList();
        if (rows.isEmpty()) {
            return Claim.of(
                    Claim.Outcome.IN_PROGRESS); // released between our insert and our read: let the caller retry
        }
        Object[] row = rows.get(0);
        if (!Arrays.equals((byte[]) row[0], fingerprint)) {
            return Claim.of(Claim.Outcome.MISMATCH);
        }
        if (row[1] != null) {
            return new Claim(Claim.Outcome.REPLAY, ((Number) row[1]).intValue(), (String) row[2], (String) row[3]);
        }
        Instant claimedAt = toInstant(row[4]);
        return claimedAt.isBefore(now.minus(CLAIM_TIMEOUT))
                ? takeOver(keyId, idempotencyKey, now)
                : Claim.of(Claim.Outcome.IN_PROGRESS);
    }

    public void complete(long keyId, String idempotencyKey, int status, String location, String body) {
        em.createNativeQuery("""
                        UPDATE idempotent_request SET status = ?3, location = ?4, body = ?5
                        WHERE api_key_id = ?1 AND idempotency_key = ?2""")
                .setParameter(1, keyId)
                .setParameter(2, idempotencyKey)
                .setParameter(3, status)
                .setParameter(4, location)
                .setParameter(5, body)
                .executeUpdate();
    }

    /** Forgets a claim whose request failed on our side, so that a retry runs it again. */
    public void release(long keyId, String idempotencyKey) {
        em.createNativeQuery("DELETE FROM idempotent_request WHERE api_key_id = ?1 AND idempotency_key = ?2")
                .setParameter(1, keyId)
                .setParameter(2, idempotencyKey)
                .executeUpdate();
    }

    /** Drops answers older than the retention, a bounded number at a time; returns how many. */
    public int purge(int limit) {
        return em.createNativeQuery("DELETE FROM idempotent_request WHERE created_at < ?1 LIMIT " + limit)
                .setParameter(1, Instant.now(clock).minus(RETENTION))
                .executeUpdate();
    }

    private static Instant toInstant(Object column) {
        return column instanceof Timestamp timestamp
                ? timestamp.toInstant()
                : ((LocalDateTime) column).toInstant(ZoneOffset.UTC);
    }

    /**
     * A claim older than the timeout belongs to a request whose node died: the first retry to move its time on
     * runs the request. Only then is the row locked: a duplicate INSERT IGNORE holds a shared lock on it, and
     * two waiters upgrading theirs would deadlock.
     */
    private Claim takeOver(long keyId, String idempotencyKey, Instant now) {
        int taken = em.createNativeQuery("""
                        UPDATE idempotent_request SET created_at = ?3
                        WHERE api_key_id = ?1 AND idempotency_key = ?2 AND status IS NULL AND created_at < ?4""")
                .setParameter(1, keyId)
                .setParameter(2, idempotencyKey)
                .setParameter(3, now)
                .setParameter(4, now.minus(CLAIM_TIMEOUT))
                .executeUpdate();
        return Claim.of(taken == 1 ? Claim.Outcome.NEW : Claim.Outcome.IN_PROGRESS);
    }
}
