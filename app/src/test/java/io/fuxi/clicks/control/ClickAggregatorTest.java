package io.fuxi.clicks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fuxi.platform.web.ClientAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ClickAggregatorTest {

    private static final int HOUR = 493_000; // 2026-03-28 16:00 UTC, an epoch hour
    private static final String PERSON = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0";
    private static final String BOT = "Googlebot/2.1 (+http://www.google.com/bot.html)";

    private final ClickAggregator aggregator = aggregator(10);

    @Test
    void clicksAndCreatesAreTotalledPerHourAndTalliedPerLinkAndDay() {
        ClickChunk chunk = new ClickChunk(8);
        chunk.add("abc123", HOUR, PERSON, null, "192.0.2.1", null);
        chunk.add("abc123", HOUR, BOT, null, "192.0.2.2", null);
        chunk.add("abc123", HOUR + 1, PERSON, null, "192.0.2.1", null); // the same day, the next hour
        chunk.add("xyz789", HOUR + 1, PERSON, null, "192.0.2.3", null);
        aggregator.add(chunk);
        aggregator.linkCreated(HOUR + 1);
        aggregator.linkCreated(HOUR + 1);

        PendingClicks taken = aggregator.takeAll();

        assertCounts(taken.hours().get(HOUR), 0, 1, 1);
        assertCounts(taken.hours().get(HOUR + 1), 2, 2, 0);
        assertEquals(2, taken.hours().size());
        ClickTally abc = taken.tallies().get(new LinkDay("abc123", Math.floorDiv(HOUR, 24)));
        assertEquals(2, abc.clicks());
        assertEquals(1, abc.botClicks());
        assertEquals(4, taken.clicks());
        assertTrue(aggregator.takeAll().isEmpty(), "nothing is left behind");
    }

    @Test
    void hoursPutBackAddToTheHoursCountedSince() {
        aggregator.linkCreated(HOUR);
        PendingClicks unwritten = aggregator.takeAll();
        aggregator.linkCreated(HOUR);
        ClickChunk chunk = new ClickChunk(1);
        chunk.add("abc123", HOUR, PERSON, null, "192.0.2.1", null);
        aggregator.add(chunk);

        aggregator.putBack(new PendingClicks(Map.of(), unwritten.hours()));

        PendingClicks taken = aggregator.takeAll();
        assertCounts(taken.hours().get(HOUR), 2, 1, 0);
        assertEquals(1, taken.tallies().size());
    }

    @Test
    void clicksBeyondTheBoundAreDroppedFromTheTotalsToo() {
        ClickAggregator small = aggregator(1);
        ClickChunk chunk = new ClickChunk(2);
        chunk.add("abc123", HOUR, PERSON, null, "192.0.2.1", null);
        chunk.add("xyz789", HOUR, PERSON, null, "192.0.2.1", null); // a second link-day: over the bound
        small.add(chunk);

        assertEquals(1, small.dropped());
        assertCounts(small.takeAll().hours().get(HOUR), 0, 1, 0);
    }

    /** A link's tally stays between flushes (ADR 35): each flush gets what was counted since the one before, only. */
    @Test
    void eachFlushTakesWhatWasCountedSinceTheLastOne() {
        LinkDay abc = new LinkDay("abc123", Math.floorDiv(HOUR, 24));
        click(aggregator, "abc123", "https://news.example/a", "192.0.2.1");
        click(aggregator, "abc123", "https://news.example/b", "192.0.2.2");
        ClickTally first = aggregator.takeAll().tallies().get(abc);
        assertEquals(0, aggregator.pendingLinkDays(), "the kept tally waits for no flush");

        click(aggregator, "abc123", null, "192.0.2.3");
        assertEquals(1, aggregator.pendingLinkDays());
        ClickTally second = aggregator.takeAll().tallies().get(abc);

        assertEquals(2, first.clicks());
        assertEquals(2, first.visitors().estimate());
        assertEquals(List.of(Map.entry("news.example", 2L)), first.referrers().top(5), "taken, not cleared with it");
        assertEquals(1, second.clicks());
        assertEquals(1, second.visitors().estimate());
        assertTrue(second.referrers().isEmpty());
        assertTrue(aggregator.takeAll().tallies().isEmpty(), "no click since: nothing to write");
    }

    @Test
    void clicksPutBackAfterAFailedFlushJoinTheKeptTally() {
        click(aggregator, "abc123", null, "192.0.2.1");
        PendingClicks unwritten = aggregator.takeAll();
        click(aggregator, "abc123", null, "192.0.2.2");

        aggregator.putBack(unwritten);

        assertEquals(1, aggregator.pendingLinkDays());
        assertEquals(
                2,
                aggregator
                        .takeAll()
                        .tallies()
                        .get(new LinkDay("abc123", Math.floorDiv(HOUR, 24)))
                        .clicks());
    }

    @Test
    void theTalliesOfLinksNotClickedSinceTheLastFlushMakeRoomAtTheBound() {
        ClickAggregator small = aggregator(2);
        click(small, "abc123", null, "192.0.2.1");
        click(small, "def456", null, "192.0.2.1");
        small.takeAll();

        click(small, "xyz789", null, "192.0.2.1");
        click(small, "abc123", null, "192.0.2.1");

        assertEquals(0, small.dropped());
        assertEquals(
                Set.of("xyz789", "abc123"),
                small.takeAll().tallies().keySet().stream().map(LinkDay::code).collect(Collectors.toSet()));
    }

    @Test
    void anHourBeforeTheEpochBelongsToTheDayBefore() {
        ClickChunk chunk = new ClickChunk(1);
        chunk.add("abc123", -1, PERSON, null, "192.0.2.1", null);
        aggregator.add(chunk);

        assertEquals(
                Set.of(new LinkDay("abc123", -1)),
                aggregator.takeAll().tallies().keySet());
    }

    private static void click(ClickAggregator counting, String code, String referer, String address) {
        ClickChunk chunk = new ClickChunk(1);
        chunk.add(code, HOUR, PERSON, referer, address, null);
        counting.add(chunk);
    }

    private static void assertCounts(HourCounts counts, long created, long clicks, long botClicks) {
        assertEquals(created, counts.linksCreated(), "links created");
        assertEquals(clicks, counts.clicks(), "clicks by people");
        assertEquals(botClicks, counts.botClicks(), "clicks by bots");
    }

    private static ClickAggregator aggregator(int maxPendingLinkDays) {
        return new ClickAggregator(
                BotPatterns.bundled(),
                CountryLookup.open(Optional.empty()),
                ClientAddress.trusting(Optional.empty()),
                new VisitorHashing(new byte[32]),
                maxPendingLinkDays);
    }
}
