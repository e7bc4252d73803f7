package io.fuxi.expiry.boundary;

import java.time.Instant;
import java.util.Optional;

/** What this node's purges have done since it started, for the metrics; and the last run's report, if any. */
public record PurgeTotals(long runs, long linksPurged, long codesHeld, long codesReleased, PurgeReport last) {

    static final PurgeTotals NONE = new PurgeTotals(0, 0, 0, 0, null);

    PurgeTotals plus(PurgeReport report) {
        return report.ran()
                ? new PurgeTotals(
                        runs + 1,
                        linksPurged + report.linksPurged(),
                        codesHeld + report.codesHeld(),
                        codesReleased + report.codesReleased(),
                        report)
                : new PurgeTotals(runs, linksPurged, codesHeld, codesReleased, last);
    }

    /** When this node's last run started, if it has run since it started. */
    public Optional<Instant> lastRunAt() {
        return Optional.ofNullable(last).map(PurgeReport::startedAt);
    }

    /** The links this node's last run purged. */
    public long lastRunPurged() {
        return last == null ? 0 : last.linksPurged();
    }
}
