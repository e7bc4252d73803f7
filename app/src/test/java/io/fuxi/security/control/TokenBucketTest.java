package io.fuxi.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TokenBucketTest {

    private static final long SECOND = 1_000_000_000L;
    private static final long START = 7 * SECOND; // any reading of System.nanoTime()

    @Test
    void aBurstIsTenSecondsOfCallsAndAtLeastTen() {
        assertEquals(10, TokenBucket.burstOf(1));
        assertEquals(10, TokenBucket.burstOf(60));
        assertEquals(100, TokenBucket.burstOf(600));
        assertEquals(1000, TokenBucket.burstOf(6000));
    }

    @Test
    void aNewBucketAllowsItsBurstAtOnceThenSaysHowLongUntilTheNextCall() {
        TokenBucket bucket = new TokenBucket(600, START);
        for (int i = 0; i < 100; i++) {
            assertEquals(0, bucket.take(START), "call " + i + " of the burst");
        }
        assertTrue(bucket.isEmpty(START));
        assertEquals(SECOND / 10, bucket.take(START), "600 a minute: one call every 0.1 s");
    }

    @Test
    void theWaitItNamesIsEnoughAndNoLonger() {
        long wait = drained().take(START);
        assertEquals(SECOND, wait, "60 a minute: one call a second");
        assertTrue(drained().take(START + wait - 1) > 0, "a nanosecond early");
        TokenBucket onTime = drained();
        assertEquals(0, onTime.take(START + wait));
        assertTrue(onTime.take(START + wait) > 0, "one token came, one call went");
    }

    @Test
    void anIdleBucketSavesUpOneBurstAndNoMore() {
        TokenBucket bucket = drained();
        long anHourLater = START + 3600 * SECOND;
        assertTrue(bucket.isFull(anHourLater));
        drain(bucket, 10, anHourLater);
        assertTrue(bucket.take(anHourLater) > 0, "an idle hour is worth one burst, not 3,600 calls");
    }

    @Test
    void callsTakenElsewhereComeOffTheBurst() {
        TokenBucket bucket = new TokenBucket(60, START);
        bucket.charge(4, START);
        drain(bucket, 6);
        assertTrue(bucket.take(START) > 0);
    }

    @Test
    void debtIsAtMostOneBurstAndWaitingItOutAllowsACallAgain() {
        TokenBucket bucket = inDebt();
        assertTrue(bucket.isEmpty(START));
        long wait = bucket.take(START);
        assertEquals(11 * SECOND, wait, "ten calls of debt, then the token for this call: not 991 s");
        assertTrue(inDebt().take(START + wait - 1) > 0, "a nanosecond early");
        assertEquals(0, inDebt().take(START + wait));
    }

    /** The limiter drops full buckets when there are many: a bucket owing anything must not count as full. */
    @Test
    void aBucketIsFullOnlyWhenItHasRefilledCompletely() {
        assertTrue(new TokenBucket(60, START).isFull(START));
        assertFalse(oneCallTaken().isFull(START));
        assertFalse(oneCallTaken().isFull(START + SECOND - 1));
        assertTrue(oneCallTaken().isFull(START + SECOND));
    }

    /** A bucket of 60 calls a minute whose burst of ten was taken at {@link #START}. */
    private static TokenBucket drained() {
        TokenBucket bucket = new TokenBucket(60, START);
        drain(bucket, 10);
        return bucket;
    }

    /** A bucket of 60 calls a minute charged with far more than its burst at {@link #START}. */
    private static TokenBucket inDebt() {
        TokenBucket bucket = new TokenBucket(60, START);
        bucket.charge(1_000, START);
        return bucket;
    }

    private static TokenBucket oneCallTaken() {
        TokenBucket bucket = new TokenBucket(60, START);
        drain(bucket, 1);
        return bucket;
    }

    private static void drain(TokenBucket bucket, int calls) {
        drain(bucket, calls, START);
    }

    private static void drain(TokenBucket bucket, int calls, long now) {
        for (int i = 0; i < calls; i++) {
            assertEquals(0, bucket.take(now), "call " + i);
        }
    }
}
