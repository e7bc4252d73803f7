package io.fuxi.clicks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDate;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class LinkDayTest {

    /** Every flush writes a day's rows in code order, so that two nodes flushing at once do not deadlock. */
    @Test
    void linkDaysSortByDayThenByCode() {
        List<LinkDay> sorted = Stream.of(
                        new LinkDay("b", 20_541),
                        new LinkDay("a", 20_542),
                        new LinkDay("Z", 20_541),
                        new LinkDay("a", 20_541),
                        new LinkDay("a", -1))
                .sorted()
                .toList();

        assertEquals(
                List.of(
                        new LinkDay("a", -1),
                        new LinkDay("Z", 20_541),
                        new LinkDay("a", 20_541),
                        new LinkDay("b", 20_541),
                        new LinkDay("a", 20_542)),
                sorted);
    }

    @Test
    void theDayIsAUtcDateCountedFromTheEpoch() {
        assertEquals(LocalDate.of(2026, 3, 29), new LinkDay("a", 20_541).date());
        assertEquals(LocalDate.of(1969, 12, 31), new LinkDay("a", -1).date());
    }
}
