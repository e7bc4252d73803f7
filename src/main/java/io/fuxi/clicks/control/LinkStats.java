package io.fuxi.clicks.control;

import java.time.LocalDate;
import java.util.List;

/** A link's clicks over a range of days: per day, and its referrer hosts and countries over the whole range. */
public record LinkStats(List<Day> days, KeyCounts referrers, KeyCounts countries) {

    /** @param clicks clicks by people; {@code botClicks} those by bots */
    public record Day(LocalDate date, long clicks, long botClicks, long uniqueVisitors) {}
}
