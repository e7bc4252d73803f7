package io.fuxi.links.boundary;

import java.time.Duration;
import java.time.Instant;

/**
 * Links by state when they were last counted: live (enabled, not expired), disabled (and not expired) and expired
 * (waiting for the purge, enabled or not).
 */
public record Census(long live, long disabled, long expired, Instant countedAt, Duration took) {

    public long total() {
        return live + disabled + expired;
    }
}
