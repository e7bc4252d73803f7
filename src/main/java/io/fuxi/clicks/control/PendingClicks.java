package io.fuxi.clicks.control;

import java.util.Map;

/** What a flush writes: the tallies per link and day, and the links created per epoch day. */
public record PendingClicks(Map<LinkDay, ClickTally> tallies, Map<Integer, Long> linksCreated) {

    public boolean isEmpty() {
        return tallies.isEmpty() && linksCreated.isEmpty();
    }

    /** Every click in it, by people and bots. */
    public long clicks() {
        return tallies.values().stream()
                .mapToLong(tally -> tally.clicks() + tally.botClicks())
                .sum();
    }
}
