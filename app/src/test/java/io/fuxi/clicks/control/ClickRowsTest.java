package io.fuxi.clicks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDateTime;
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
}
