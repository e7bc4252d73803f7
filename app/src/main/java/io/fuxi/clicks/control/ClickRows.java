package io.fuxi.clicks.control;

import io.fuxi.platform.database.RowInserts;
import io.fuxi.platform.database.Sql;
import io.fuxi.platform.database.StoredSecret;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;

/**
 * The SQL of the click tables, on the caller's connection; no method commits. A batch of tallies is merged into
 * this node's rows: the rows are read and locked, the sketches and lists merged here, and everything written back in
 * one multi-row upsert whose counts add in SQL.
 */
public final class ClickRows {

    /** Five weeks of hourly totals. */
    public static final int HOURS_KEPT = 35 * 24;

    /**
     * One row's upsert, which {@link RowInserts#upsert} sends as multi-row upserts of literals. The driver's rewritten
     * batch of it, encoding each value twice, was a large share of the flush's CPU (ADR 37; and a multi-row SQL text
     * of placeholders, too long for the driver's cache, had been parsed again for every batch before that).
     */
    private static final String UPSERT_CLICK_DAY =
            "INSERT INTO click_day (code, day, slot, clicks, bot_clicks, visitors, referrers, countries)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE clicks = clicks + VALUES(clicks),"
                    + " bot_clicks = bot_clicks + VALUES(bot_clicks), visitors = VALUES(visitors),"
                    + " referrers = VALUES(referrers), countries = VALUES(countries)";

    private ClickRows() {}

    /** The secret the visitor salts derive from; the first node to ask writes it. */
    public static byte[] secret(Connection connection) throws SQLException {
        return StoredSecret.of(connection, "click_secret");
    }

    /** Adds the tallies of one day to this node's slot: reads and locks the rows, merges, writes them back. */
    public static void add(Connection connection, int day, List<Map.Entry<String, ClickTally>> batch, int slot)
            throws SQLException {
        Map<String, ClickTally> stored = lockedRows(connection, day, batch, slot);
        String date = dayText(day);
        List<Object[]> rows = new ArrayList<>(batch.size());
        for (Map.Entry<String, ClickTally> entry : batch) {
            ClickTally tally = entry.getValue();
            ClickTally merged = merged(stored.get(entry.getKey()), tally);
            rows.add(new Object[] { // the counts add in SQL; the rest is the merged whole
                entry.getKey(),
                date,
                slot,
                tally.clicks(),
                tally.botClicks(),
                merged.visitors().encode(),
                merged.referrers().encode(),
                merged.countries().encode()
            });
        }
        RowInserts.upsert(connection, UPSERT_CLICK_DAY, rows);
    }

    /**
     * What a row holds after a flush: the stored tally first, so that the hosts and countries it counts keep their
     * places and only new ones beyond the limits count as {@link KeyCounts#OTHER}.
     */
    static ClickTally merged(ClickTally stored, ClickTally added) {
        ClickTally merged = new ClickTally();
        if (stored != null) {
            merged.addAll(stored);
        }
        merged.addAll(added);
        return merged;
    }

    /**
     * The day as the DATE literal the server reads ({@code 2026-11-25}). The driver would format a java.sql.Date with a
     * SimpleDateFormat twice per row (to size the batch, then to send it), a large share of a flush's CPU
     * (docs/performance-history.md).
     */
    private static String dayText(int day) {
        return LocalDate.ofEpochDay(day).toString();
    }

    private static Map<String, ClickTally> lockedRows(
            Connection connection, int day, List<Map.Entry<String, ClickTally>> batch, int slot) throws SQLException {
        String sql = Sql.inList(
                        "SELECT code, visitors, referrers, countries FROM click_day WHERE day = ? AND slot = ? AND code IN ",
                        batch.size())
                + " FOR UPDATE";
        Map<String, ClickTally> rows = new HashMap<>();
        try (PreparedStatement select = connection.prepareStatement(sql)) {
            select.setString(1, dayText(day));
            select.setInt(2, slot);
            for (int i = 0; i < batch.size(); i++) {
                select.setString(i + 3, batch.get(i).getKey());
            }
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    rows.put(row.getString(1), stored(row.getBytes(2), row.getBytes(3), row.getBytes(4)));
                }
            }
        }
        return rows;
    }

    private static ClickTally stored(byte[] visitors, byte[] referrers, byte[] countries) {
        return new ClickTally(
                0,
                0,
                VisitorSketch.decode(visitors),
                KeyCounts.decode(referrers, ClickTally.MAX_REFERRERS),
                KeyCounts.decode(countries, ClickTally.MAX_COUNTRIES));
    }

    /**
     * Adds links created and clicks per hour to this node's slot of the hourly totals and, summed by day, of the
     * daily totals; drops hourly rows older than {@value #HOURS_KEPT} hours (the daily ones are kept).
     */
    public static void addTotals(Connection connection, Map<Integer, HourCounts> hours, int slot) throws SQLException {
        if (hours.isEmpty()) {
            return;
        }
        Map<Integer, HourCounts> days = new TreeMap<>();
        hours.forEach((hour, counts) -> days.computeIfAbsent(Math.floorDiv(hour, 24), day -> new HourCounts())
                .addAll(counts));
        upsertTotals(connection, "click_total_hour", "hour", new TreeMap<>(hours), slot, ClickRows::startOfHour);
        upsertTotals(connection, "click_total_day", "day", days, slot, ClickRows::dayText);
        try (PreparedStatement prune = connection.prepareStatement("DELETE FROM click_total_hour WHERE hour < ?")) {
            prune.setObject(1, startOfHour(Collections.max(hours.keySet()) - HOURS_KEPT));
            prune.executeUpdate();
        }
    }

    private static void upsertTotals(
            Connection connection,
            String table,
            String keyColumn,
            Map<Integer, HourCounts> rows,
            int slot,
            IntFunction<Object> key)
            throws SQLException {
        String sql = "INSERT INTO " + table + " (" + keyColumn + ", slot, links_created, clicks, bot_clicks) VALUES "
                + Sql.repeat("(?, ?, ?, ?, ?)", rows.size())
                + " ON DUPLICATE KEY UPDATE links_created = links_created + VALUES(links_created),"
                + " clicks = clicks + VALUES(clicks), bot_clicks = bot_clicks + VALUES(bot_clicks)";
        try (PreparedStatement upsert = connection.prepareStatement(sql)) {
            int i = 1;
            for (Map.Entry<Integer, HourCounts> row : rows.entrySet()) {
                upsert.setObject(i++, key.apply(row.getKey()));
                upsert.setInt(i++, slot);
                upsert.setLong(i++, row.getValue().linksCreated());
                upsert.setLong(i++, row.getValue().clicks());
                upsert.setLong(i++, row.getValue().botClicks());
            }
            upsert.executeUpdate();
        }
    }

    /** The start of an epoch hour in UTC, as the hourly table keeps it (Connector/J sends a LocalDateTime as is). */
    static LocalDateTime startOfHour(int epochHour) {
        return LocalDateTime.ofEpochSecond(epochHour * 3600L, 0, ZoneOffset.UTC);
    }

    /** Deletes the rows of links that are gone. */
    public static int delete(Connection connection, List<String> codes) throws SQLException {
        try (PreparedStatement delete =
                connection.prepareStatement(Sql.inList("DELETE FROM click_day WHERE code IN ", codes.size()))) {
            for (int i = 0; i < codes.size(); i++) {
                delete.setString(i + 1, codes.get(i));
            }
            return delete.executeUpdate();
        }
    }
}
