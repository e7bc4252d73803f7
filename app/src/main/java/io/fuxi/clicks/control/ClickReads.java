package io.fuxi.clicks.control;

import io.fuxi.clicks.boundary.DayTotal;
import io.fuxi.clicks.boundary.HourTotal;
import io.fuxi.clicks.boundary.LinkStats;
import io.fuxi.platform.database.Sql;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Reads the click tables, on the caller's connection: what the stats calls answer. */
public final class ClickReads {

    /** Referrer hosts and countries counted over a range before the rest count as {@link KeyCounts#OTHER}. */
    static final int RANGE_KEYS = 10_000;

    /** Links whose clicks one query of {@link #forLinks} reads. */
    static final int LINKS_PER_QUERY = 1000;

    private ClickReads() {}

    /**
     * A link's clicks per day from {@code from} to {@code to}, every day of the range present (zero if none), counting
     * only rows from {@code since} on.
     */
    public static LinkStats forLink(Connection connection, String code, LocalDate from, LocalDate to, LocalDate since)
            throws SQLException {
        Map<LocalDate, ClickTally> days = new TreeMap<>();
        for (LocalDate day = from; !day.isAfter(to); day = day.plusDays(1)) {
            days.put(day, new ClickTally());
        }
        KeyCounts referrers = new KeyCounts(RANGE_KEYS);
        KeyCounts countries = new KeyCounts(RANGE_KEYS);
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT day, clicks, bot_clicks, visitors, referrers, countries FROM click_day"
                        + " WHERE code = ? AND day BETWEEN ? AND ?")) {
            select.setString(1, code);
            select.setDate(2, Date.valueOf(from.isBefore(since) ? since : from));
            select.setDate(3, Date.valueOf(to));
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    ClickTally slot = new ClickTally(
                            row.getLong(2),
                            row.getLong(3),
                            VisitorSketch.decode(row.getBytes(4)),
                            KeyCounts.decode(row.getBytes(5), ClickTally.MAX_REFERRERS),
                            KeyCounts.decode(row.getBytes(6), ClickTally.MAX_COUNTRIES));
                    days.get(row.getDate(1).toLocalDate()).addAll(slot);
                    referrers.addAll(slot.referrers());
                    countries.addAll(slot.countries());
                }
            }
        }
        List<LinkStats.Day> perDay = new ArrayList<>();
        days.forEach((day, tally) -> perDay.add(new LinkStats.Day(
                day, tally.clicks(), tally.botClicks(), tally.visitors().estimate())));
        return new LinkStats(perDay, referrers, countries);
    }

    /**
     * The clicks of several links per day from {@code from} to {@code to}, by people and by bots, every day of the
     * range present: each link's rows counted from its day in {@code since} on. Read a thousand links a query.
     */
    public static Map<LocalDate, long[]> forLinks(
            Connection connection, Map<String, LocalDate> since, LocalDate from, LocalDate to) throws SQLException {
        Map<LocalDate, long[]> days = new TreeMap<>();
        for (LocalDate day = from; !day.isAfter(to); day = day.plusDays(1)) {
            days.put(day, new long[2]);
        }
        List<String> codes = List.copyOf(since.keySet());
        for (int start = 0; start < codes.size(); start += LINKS_PER_QUERY) {
            List<String> chunk = codes.subList(start, Math.min(start + LINKS_PER_QUERY, codes.size()));
            try (PreparedStatement select = connection.prepareStatement(Sql.inList(
                            "SELECT code, day, SUM(clicks), SUM(bot_clicks) FROM click_day WHERE code IN ",
                            chunk.size())
                    + " AND day BETWEEN ? AND ? GROUP BY code, day")) {
                int position = 1;
                for (String code : chunk) {
                    select.setString(position++, code);
                }
                select.setDate(position++, Date.valueOf(from));
                select.setDate(position, Date.valueOf(to));
                try (ResultSet row = select.executeQuery()) {
                    while (row.next()) {
                        LocalDate day = row.getDate(2).toLocalDate();
                        if (!day.isBefore(since.get(row.getString(1)))) {
                            long[] tally = days.get(day);
                            tally[0] += row.getLong(3);
                            tally[1] += row.getLong(4);
                        }
                    }
                }
            }
        }
        return days;
    }

    /** Every click a link had since a day, by people and bots. */
    public static long totalClicks(Connection connection, String code, LocalDate since) throws SQLException {
        return sum(connection, "clicks + bot_clicks", code, since);
    }

    /** The clicks by people a link had since a day. */
    public static long peopleClicks(Connection connection, String code, LocalDate since) throws SQLException {
        return sum(connection, "clicks", code, since);
    }

    private static long sum(Connection connection, String counts, String code, LocalDate since) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT COALESCE(SUM(" + counts + "), 0) FROM click_day WHERE code = ? AND day >= ?")) {
            select.setString(1, code);
            select.setDate(2, Date.valueOf(since));
            try (ResultSet row = select.executeQuery()) {
                row.next();
                return row.getLong(1);
            }
        }
    }

    /** Totals per day across all links, every day of the range present. */
    public static List<DayTotal> daily(Connection connection, LocalDate from, LocalDate to) throws SQLException {
        Map<LocalDate, DayTotal> days = new TreeMap<>();
        for (LocalDate day = from; !day.isAfter(to); day = day.plusDays(1)) {
            days.put(day, new DayTotal(day, 0, 0, 0));
        }
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT day, SUM(links_created), SUM(clicks), SUM(bot_clicks) FROM click_total_day"
                        + " WHERE day BETWEEN ? AND ? GROUP BY day")) {
            select.setDate(1, Date.valueOf(from));
            select.setDate(2, Date.valueOf(to));
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    LocalDate day = row.getDate(1).toLocalDate();
                    days.put(day, new DayTotal(day, row.getLong(2), row.getLong(3), row.getLong(4)));
                }
            }
        }
        return List.copyOf(days.values());
    }

    /** Totals per hour across all links, every hour from {@code from} to {@code to} (epoch hours) present. */
    public static List<HourTotal> hourly(Connection connection, int from, int to) throws SQLException {
        Map<Integer, HourTotal> hours = new TreeMap<>();
        for (int hour = from; hour <= to; hour++) {
            hours.put(hour, new HourTotal(Instant.ofEpochSecond(hour * 3600L), 0, 0, 0));
        }
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT hour, SUM(links_created), SUM(clicks), SUM(bot_clicks) FROM click_total_hour"
                        + " WHERE hour BETWEEN ? AND ? GROUP BY hour")) {
            select.setObject(1, ClickRows.startOfHour(from));
            select.setObject(2, ClickRows.startOfHour(to));
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    Instant hour = row.getObject(1, LocalDateTime.class).toInstant(ZoneOffset.UTC);
                    hours.put(
                            (int) (hour.getEpochSecond() / 3600),
                            new HourTotal(hour, row.getLong(2), row.getLong(3), row.getLong(4)));
                }
            }
        }
        return List.copyOf(hours.values());
    }
}
