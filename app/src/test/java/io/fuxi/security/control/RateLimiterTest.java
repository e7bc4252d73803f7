package io.fuxi.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RateLimiterTest {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final RateLimiter limiter = new RateLimiter(now::get);

    @Test
    void allowsABurstThenRefillsAtTheRate() {
        for (int i = 0; i < 100; i++) {
            assertEquals(0, limiter.take("key:1", 600), "call " + i + " of the burst");
        }
        assertEquals(1, limiter.take("key:1", 600), "600 a minute is one every 0.1 s: retry after a second at most");
        assertTrue(limiter.isExhausted("key:1"));
        now.addAndGet(100_000_000L);
        assertEquals(0, limiter.take("key:1", 600));
        assertTrue(limiter.take("key:1", 600) > 0);
    }

    @Test
    void slowRatesSayHowLongToWait() {
        for (int i = 0; i < 10; i++) {
            assertEquals(0, limiter.take("key:2", 6));
        }
        assertEquals(10, limiter.take("key:2", 6), "6 a minute: the next token comes in 10 s");
        now.addAndGet(5_000_000_000L);
        assertEquals(5, limiter.take("key:2", 6));
    }

    @Test
    void bucketsAreIndependent() {
        for (int i = 0; i < 10; i++) {
            limiter.take("address:10.0.0.1", 6);
        }
        assertTrue(limiter.take("address:10.0.0.1", 6) > 0);
        assertEquals(0, limiter.take("address:10.0.0.2", 6));
        assertEquals(0, limiter.take("key:3", 6));
        assertFalse(limiter.isExhausted("never-used"));
    }

    @Test
    void callsAllowedElsewhereAreChargedHere() {
        RateLimiter limiter = new RateLimiter(now::get, true);
        RateLimiter other = new RateLimiter(now::get, true);
        for (int i = 0; i < 7; i++) {
            assertEquals(0, other.take("key:4", 6));
        }
        other.take("key:5", 60);
        var taken = other.takenSinceLastAsked();
        assertEquals(new RateLimiter.Usage(6, 7), taken.get("key:4"));
        assertEquals(new RateLimiter.Usage(60, 1), taken.get("key:5"));
        assertTrue(other.takenSinceLastAsked().isEmpty(), "each call is told once");

        limiter.charge("key:4", taken.get("key:4"));
        for (int i = 0; i < 3; i++) {
            assertEquals(0, limiter.take("key:4", 6), "the 10-call burst less the 7 taken elsewhere");
        }
        assertTrue(limiter.take("key:4", 6) > 0);
        assertEquals(3, limiter.takenSinceLastAsked().get("key:4").calls(), "refusals are not told");
    }

    @Test
    void aNodeAloneKeepsNoRecordOfItsCalls() {
        for (int i = 0; i < 5; i++) {
            limiter.take("address:10.0.0." + i, 6);
        }
        assertTrue(limiter.takenSinceLastAsked().isEmpty());
    }

    @Test
    void aBucketGoesIntoDebtOfAtMostOneBurst() {
        limiter.charge("key:6", new RateLimiter.Usage(6, 1000));
        assertEquals(110, limiter.take("key:6", 6), "a burst of debt (ten calls) and the call itself: 11 x 10 s");
        now.addAndGet(200_000_000_000L);
        assertEquals(0, limiter.take("key:6", 6));
    }
}
