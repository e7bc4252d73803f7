package io.fuxi.clicks.control;

import java.util.Map;

/**
 * What a flush writes: the tallies per link and day, and the totals across all links per epoch hour (an hour's day is
 * {@code Math.floorDiv(hour, 24)}).
 */
public record PendingClicks(Map<LinkDay, ClickTally> tallies, Map<Integer, HourCounts> hours) {

    public static final PendingClicks NONE = new PendingClicks(Map.of(), Map.of());

    public boolean isEmpty() {
        return tallies.isEmpty() && hours.isEmpty();
    }

    /** Every click in the tallies, by people and bots. */
    public long clicks() {
        return tallies.values().stream()
                .mapToLong(tally -> tally.clicks() + tally.botClicks())
                .sum();
    }
}
