package io.fuxi.clicks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDateTime;
import java.util.Map;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;

class ClickRowsTest {

    /** Hourly totals are kept by UTC hour on a server in any zone, so that they line up with the API's instants. */
    @Test
    void anEpochHourIsKeptAsItsStartInUtcWhateverTheServersZone() {
        TimeZone before = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone("America/New_York")); // not UTC, and with summer time
        try {
            assertEquals(LocalDateTime.of(1970, 1, 1, 0, 0), ClickRows.startOfHour(0));
            assertEquals(LocalDateTime.of(1969, 12, 31, 23, 0), ClickRows.startOfHour(-1));
            assertEquals(LocalDateTime.of(2026, 3, 29, 16, 0), ClickRows.startOfHour(493_000));
            assertEquals(
                    LocalDateTime.of(2026, 3, 8, 7, 0), ClickRows.startOfHour(492_487), "New York springs forward");
        } finally {
            TimeZone.setDefault(before);
        }
    }

    /** A flush adds to a row whose referrers are full: the stored hosts keep their counts, the new host is "(other)". */
    @Test
    void aRowsStoredHostsKeepTheirPlacesWhenNewOnesCome() {
        ClickTally stored = new ClickTally();
        for (int i = 0; i < ClickTally.MAX_REFERRERS; i++) {
            stored.referrers().add("stored" + i + ".example", 2);
        }
        ClickTally added = new ClickTally();
        added.referrers().add("new.example", 5);
        added.referrers().add("stored7.example", 1);

        ClickTally merged = ClickRows.merged(stored, added);

        Map<String, Long> counts = new java.util.HashMap<>();
        merged.referrers().top(100).forEach(entry -> counts.put(entry.getKey(), entry.getValue()));
        assertEquals(ClickTally.MAX_REFERRERS + 1, counts.size(), counts.toString());
        assertEquals(5L, counts.get(KeyCounts.OTHER));
        assertEquals(3L, counts.get("stored7.example"));
        for (int i = 0; i < ClickTally.MAX_REFERRERS; i++) {
            assertTrue(counts.containsKey("stored" + i + ".example"), "stored" + i);
        }
    }
}
