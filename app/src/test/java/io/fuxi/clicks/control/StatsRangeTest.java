package io.fuxi.clicks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.fuxi.platform.problem.InvalidFieldException;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatsRangeTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 3, 29);

    @Test
    void byDefaultTheThirtyDaysUpToToday() {
        assertEquals(new StatsRange(LocalDate.of(2026, 2, 28), TODAY), StatsRange.of(null, null, TODAY));
    }

    @Test
    void eitherEndMayBeGivenAndBothEndsAreIncluded() {
        assertEquals(new StatsRange(LocalDate.of(2026, 3, 1), TODAY), StatsRange.of("2026-03-01", null, TODAY));
        assertEquals(
                new StatsRange(LocalDate.of(2026, 1, 2), LocalDate.of(2026, 1, 31)),
                StatsRange.of(null, "2026-01-31", TODAY),
                "the thirty days up to the end asked for");
        assertEquals(
                new StatsRange(LocalDate.of(2026, 1, 31), LocalDate.of(2026, 1, 31)),
                StatsRange.of("2026-01-31", "2026-01-31", TODAY),
                "one day");
    }

    @Test
    void aRangeCoversAtMost400Days() {
        assertEquals(
                new StatsRange(LocalDate.of(2025, 1, 1), LocalDate.of(2026, 2, 4)),
                StatsRange.of("2025-01-01", "2026-02-04", TODAY));
        assertRefused("from", () -> StatsRange.of("2025-01-01", "2026-02-05", TODAY));
        assertRefused("from", () -> StatsRange.of("0001-01-01", null, TODAY));
    }

    @Test
    void fromAfterToIsRefused() {
        assertRefused("from", () -> StatsRange.of("2026-02-01", "2026-01-31", TODAY));
        assertRefused("from", () -> StatsRange.of("2026-03-30", null, TODAY));
    }

    @Test
    void aDateNotWrittenLike2026Dash01Dash31IsRefusedNamingItsParameter() {
        for (String bad : List.of(
                "",
                "today",
                "2026-1-31",
                "2026-02-30",
                "2026-13-01",
                "31.01.2026",
                "2026/01/31",
                " 2026-01-31",
                "+2026-01-31",
                "2026-01-31T00:00",
                "20260131")) {
            assertRefused("to", () -> StatsRange.of(null, bad, TODAY));
            assertRefused("from", () -> StatsRange.of(bad, "2026-03-01", TODAY));
        }
    }

    /** Days are UTC days, wherever the server or its clock's zone is. */
    @Test
    void todayIsTheDateInUtc() {
        Instant lateEvening = Instant.parse("2026-03-29T23:30:00Z");
        Instant earlyMorning = Instant.parse("2026-03-30T00:30:00Z");

        assertEquals(TODAY, StatsRange.today(Clock.fixed(lateEvening, ZoneId.of("Pacific/Kiritimati"))));
        assertEquals(TODAY.plusDays(1), StatsRange.today(Clock.fixed(earlyMorning, ZoneId.of("America/Los_Angeles"))));
    }

    private static void assertRefused(String field, Runnable call) {
        InvalidFieldException refused = assertThrows(InvalidFieldException.class, call::run);
        assertEquals(400, refused.toProblem().status());
        assertEquals(field, refused.toProblem().field());
    }
}
