package io.fuxi.expiry.boundary;

import java.time.Duration;
import java.time.Instant;

/**
 * What one purge run did: links deleted, their generated codes held for recycling, held codes released to the pool,
 * the number of batches and how long it took. {@code ran} is false when another node held the lease (or the last
 * run was too recent), {@code complete} false when the run stopped before every expired link was gone.
 */
public record PurgeReport(
        Instant startedAt,
        Duration took,
        boolean ran,
        boolean complete,
        long linksPurged,
        long codesHeld,
        long codesReleased,
        long batches) {

    /** Whether the run changed anything: links purged or codes released. */
    public boolean didWork() {
        return linksPurged > 0 || codesReleased > 0;
    }

    public static PurgeReport notRun(Instant startedAt) {
        return new PurgeReport(startedAt, Duration.ZERO, false, false, 0, 0, 0, 0);
    }

    @Override
    public String toString() {
        return ran
                ? "Purge %s: expired links purged %d (batches %d), codes held for recycling %d, codes released to the pool %d, %d ms"
                        .formatted(
                                complete ? "complete" : "stopped early",
                                linksPurged,
                                batches,
                                codesHeld,
                                codesReleased,
                                took.toMillis())
                : "Purge not run: another node holds the lease or the last run was too recent";
    }
}
