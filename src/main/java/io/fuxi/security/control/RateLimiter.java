package io.fuxi.security.control;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Token buckets by name ("key:42", "address:10.0.0.1"), in memory on each node. Buckets that have refilled are
 * dropped when there are many, so a flood from many addresses cannot grow the map without bound.
 */
public final class RateLimiter {

    private static final int TIDY_ABOVE = 10_000;

    private final Map<String, TokenBucket> buckets = new ConcurrentHashMap<>();
    private final LongSupplier nanoClock;

    public RateLimiter(LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
    }

    /** Counts a call: 0 when allowed, otherwise how many seconds until the next one is (at least 1). */
    public long take(String name, int perMinute) {
        long now = nanoClock.getAsLong();
        long waitNanos = buckets.computeIfAbsent(name, ignored -> new TokenBucket(perMinute, now))
                .take(now);
        tidy(now);
        return waitNanos == 0 ? 0 : Math.max(1, (waitNanos + 999_999_999L) / 1_000_000_000L);
    }

    /** Whether the named bucket has no token left, without taking one. */
    public boolean isExhausted(String name) {
        TokenBucket bucket = buckets.get(name);
        return bucket != null && bucket.isEmpty(nanoClock.getAsLong());
    }

    private void tidy(long now) {
        if (buckets.size() > TIDY_ABOVE) {
            buckets.values().removeIf(bucket -> bucket.isFull(now));
        }
    }
}
