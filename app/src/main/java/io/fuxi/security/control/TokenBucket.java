package io.fuxi.security.control;

/** A token bucket: {@code capacity} calls at once, refilled at {@code perMinute} calls a minute. */
final class TokenBucket {

    private final double capacity;
    private final double tokensPerNano;
    private double tokens;
    private long last;

    TokenBucket(int perMinute, long now) {
        this.capacity = burstOf(perMinute);
        this.tokensPerNano = perMinute / 60e9;
        this.tokens = capacity;
        this.last = now;
    }

    /** A burst of ten seconds' worth of calls, at least ten. */
    static double burstOf(int perMinute) {
        return Math.max(10, perMinute / 6.0);
    }

    /** Takes a token: 0 when granted, otherwise the nanoseconds until one is available. */
    synchronized long take(long now) {
        refill(now);
        if (tokens >= 1) {
            tokens -= 1;
            return 0;
        }
        return (long) Math.ceil((1 - tokens) / tokensPerNano);
    }

    /**
     * Takes calls allowed elsewhere; the bucket may go into debt, down to one burst, and refuses until it has refilled
     * past it.
     */
    synchronized void charge(int calls, long now) {
        refill(now);
        tokens = Math.max(-capacity, tokens - calls);
    }

    synchronized boolean isEmpty(long now) {
        refill(now);
        return tokens < 1;
    }

    synchronized boolean isFull(long now) {
        refill(now);
        return tokens >= capacity;
    }

    private void refill(long now) {
        tokens = Math.min(capacity, tokens + (now - last) * tokensPerNano);
        last = now;
    }
}
