package io.fuxi.expiry.boundary;

import java.time.Duration;

/**
 * How the purge runs: whether the schedule runs it, how often (cluster-wide), how many links per transaction, the
 * lease, the pause between batches that leaves the database to the redirects, and how long a code is held before
 * it returns to the pool.
 */
public record ExpiryOptions(
        boolean scheduled,
        int intervalSeconds,
        int batchSize,
        int leaseSeconds,
        Duration pauseBetweenBatches,
        Duration recycleDelay) {

    /** The delay asked for, but never shorter than the longest a cache may still answer for a purged link's code. */
    public static Duration recycleDelay(Duration asked, Duration cacheStaleness) {
        return asked.compareTo(cacheStaleness) < 0 ? cacheStaleness : asked;
    }
}
