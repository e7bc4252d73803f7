package io.fuxi.clicks.boundary;

import io.fuxi.clicks.control.KeyCounts;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/** A link's clicks over a range of days: per day, and its referrer hosts and countries over the whole range. */
public record LinkStats(List<Day> days, KeyCounts referrers, KeyCounts countries) {

    /** @param clicks clicks by people; {@code botClicks} those by bots */
    public record Day(LocalDate date, long clicks, long botClicks, long uniqueVisitors) {}

    /** The referrer hosts with the most clicks, most first (the rest counted as "(other)"). */
    public List<Map.Entry<String, Long>> topReferrers(int n) {
        return referrers.top(n);
    }

    /** The countries with the most clicks, most first. */
    public List<Map.Entry<String, Long>> topCountries(int n) {
        return countries.top(n);
    }
}
