package io.fuxi.security.control;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Token buckets by name ("key:42", "address:10.0.0.1"), in memory on each node. Buckets that have refilled are
 * dropped when there are many, so a flood from many addresses cannot grow the map without bound. In a cluster each
 * node tells the others what it took ({@link #takenSinceLastAsked}) and charges what they took ({@link #charge}), so
 * a limit holds across the nodes within what they take between two such exchanges.
 */
public final class RateLimiter {

    private static final int TIDY_ABOVE = 10_000;

    private final Map<String, TokenBucket> buckets = new ConcurrentHashMap<>();
    private final LongSupplier nanoClock;
    private final boolean shared;
    private Map<String, Usage> taken = new HashMap<>();

    /** A node's own limits. */
    public RateLimiter(LongSupplier nanoClock) {
        this(nanoClock, false);
    }

    /** @param shared whether the calls this node allows are kept for {@link #takenSinceLastAsked} */
    public RateLimiter(LongSupplier nanoClock, boolean shared) {
        this.nanoClock = nanoClock;
        this.shared = shared;
    }

    /** Counts a call: 0 when allowed, otherwise how many seconds until the next one is (at least 1). */
    public long take(String name, int perMinute) {
        long now = nanoClock.getAsLong();
        long waitNanos = bucket(name, perMinute, now).take(now);
        tidy(now);
        if (waitNanos == 0) {
            if (shared) {
                record(name, perMinute);
            }
            return 0;
        }
        return Math.max(1, (waitNanos + 999_999_999L) / 1_000_000_000L);
    }

    /** Whether the named bucket has no token left, without taking one. */
    public boolean isExhausted(String name) {
        TokenBucket bucket = buckets.get(name);
        return bucket != null && bucket.isEmpty(nanoClock.getAsLong());
    }

    /** Takes what another node took from the same limit: its calls count here too. */
    public void charge(String name, Usage usage) {
        long now = nanoClock.getAsLong();
        bucket(name, usage.perMinute(), now).charge(usage.calls(), now);
        tidy(now);
    }

    /** The calls this node allowed since the last time it was asked, by bucket: what the other nodes must charge. */
    public synchronized Map<String, Usage> takenSinceLastAsked() {
        Map<String, Usage> since = taken;
        taken = new HashMap<>();
        return since;
    }

    private synchronized void record(String name, int perMinute) {
        taken.merge(name, new Usage(perMinute, 1), (before, one) -> new Usage(perMinute, before.calls() + 1));
    }

    private TokenBucket bucket(String name, int perMinute, long now) {
        return buckets.computeIfAbsent(name, ignored -> new TokenBucket(perMinute, now));
    }

    private void tidy(long now) {
        if (buckets.size() > TIDY_ABOVE) {
            buckets.values().removeIf(bucket -> bucket.isFull(now));
        }
    }

    /** Calls allowed against a limit of {@code perMinute}. */
    public record Usage(int perMinute, int calls) {}
}
