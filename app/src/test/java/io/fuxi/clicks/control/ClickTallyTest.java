package io.fuxi.clicks.control;

import static java.util.Map.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClickTallyTest {

    // three visitors' hashes, as VisitorHashing makes them: well mixed
    private static final long ANN = 0x1F2E3D4C5B6A7988L;
    private static final long BOB = 0x8A7B6C5D4E3F2A1BL;
    private static final long CAT = 0xC3D4E5F60718293AL;

    @Test
    void aClickCountsForAPersonOrABotAndEveryClickCountsItsVisitorReferrerAndCountry() {
        ClickTally tally = new ClickTally();
        tally.count(false, ANN, "news.example", "DE");
        tally.count(false, ANN, "news.example", "DE");
        tally.count(true, BOB, null, null);
        tally.count(false, CAT, "t.co", null);

        assertEquals(3, tally.clicks());
        assertEquals(1, tally.botClicks());
        assertEquals(3, tally.visitors().estimate());
        assertEquals(
                List.of(entry("news.example", 2L), entry("t.co", 1L)),
                tally.referrers().top(10));
        assertEquals(List.of(entry("DE", 2L)), tally.countries().top(10));
    }

    /** A link's tally is kept from flush to flush (ADR 35): what a flush took must not change with later clicks. */
    @Test
    void takenCountsLeaveNothingBehindAndShareNothingWithWhatCameAfter() {
        ClickTally tally = new ClickTally();
        tally.count(false, ANN, "news.example", "DE");
        tally.count(true, BOB, null, null);

        ClickTally taken = tally.takeCounts();
        assertTrue(tally.isEmpty());
        assertTrue(tally.visitors().isEmpty());
        assertTrue(tally.referrers().isEmpty());
        assertTrue(tally.countries().isEmpty());
        tally.count(false, CAT, "t.co", "FR");

        assertEquals(1, taken.clicks());
        assertEquals(1, taken.botClicks());
        assertEquals(2, taken.visitors().estimate());
        assertEquals(List.of(entry("news.example", 1L)), taken.referrers().top(10));
        assertEquals(List.of(entry("DE", 1L)), taken.countries().top(10));
    }

    /** The slots of one day, and the batches of one node, add up. */
    @Test
    void talliesAddUpAndAVisitorOfBothCountsOnce() {
        ClickTally one = new ClickTally();
        one.count(false, ANN, "news.example", "DE");
        one.count(true, BOB, null, null);
        ClickTally other = new ClickTally();
        other.count(false, ANN, "news.example", "FR");
        other.count(false, CAT, "t.co", "DE");

        one.addAll(other);

        assertEquals(3, one.clicks());
        assertEquals(1, one.botClicks());
        assertEquals(3, one.visitors().estimate());
        assertEquals(
                List.of(entry("news.example", 2L), entry("t.co", 1L)),
                one.referrers().top(10));
        assertEquals(List.of(entry("DE", 2L), entry("FR", 1L)), one.countries().top(10));
        assertFalse(other.isEmpty(), "the other is left as it was");
        assertEquals(2, other.clicks());
    }
}
