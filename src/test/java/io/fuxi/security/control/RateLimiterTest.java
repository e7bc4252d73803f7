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
}
