package io.fuxi.links.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fuxi.links.entity.Link;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RecentUrlFilterTest {

    private static final Duration DAY = Duration.ofHours(24);
    private static final Instant NOON = Instant.parse("2026-11-28T12:00:00Z");

    @Test
    void answersMaybeToEverythingUntilComplete() {
        RecentUrlFilter filter = new RecentUrlFilter(DAY, 1_000_000);
        assertTrue(filter.mayHave(1, hash(1), NOON));
        filter.complete();
        assertFalse(filter.mayHave(1, hash(1), NOON));
    }

    @Test
    void neverForgetsAPairWithinTheWindowAcrossGenerations() {
        RecentUrlFilter filter = complete(new RecentUrlFilter(DAY, 1_000_000));
        int pairs = RecentUrlFilter.FIRST_CAPACITY * 7; // three generations, each twice the one before
        for (int i = 0; i < pairs; i++) {
            filter.add(i % 13, hash(i), NOON.plusMillis(i));
        }
        Instant later = NOON.plus(DAY).minusSeconds(1);
        for (int i = 0; i < pairs; i++) {
            assertTrue(filter.mayHave(i % 13, hash(i), later), "pair " + i + " was forgotten");
        }
        assertEquals(RecentUrlFilter.FIRST_CAPACITY * 7L, filter.capacity());
    }

    @Test
    void answersNoToNearlyAllPairsItWasNotGiven() {
        RecentUrlFilter filter = complete(new RecentUrlFilter(DAY, 1_000_000));
        int pairs = RecentUrlFilter.FIRST_CAPACITY * 7;
        for (int i = 0; i < pairs; i++) {
            filter.add(7, hash(i), NOON);
        }
        int maybes = 0;
        int others = 100_000;
        for (int i = 0; i < others; i++) {
            if (filter.mayHave(7, hash(pairs + i), NOON)) {
                maybes++;
            }
        }
        assertTrue(maybes < others / 100, maybes + " maybes in " + others + " pairs never given");
    }

    @Test
    void tellsKeysApart() {
        RecentUrlFilter filter = complete(new RecentUrlFilter(DAY, 1_000_000));
        filter.add(1, hash(42), NOON);
        assertTrue(filter.mayHave(1, hash(42), NOON));
        assertFalse(filter.mayHave(2, hash(42), NOON));
    }

    @Test
    void dropsAGenerationAWindowAfterItsLastPair() {
        RecentUrlFilter filter = complete(new RecentUrlFilter(DAY, 1_000_000));
        filter.add(1, hash(1), NOON);
        filter.add(1, hash(2), NOON.plusSeconds(60));
        assertTrue(filter.mayHave(1, hash(1), NOON.plus(DAY)), "its generation took a pair a minute later");
        assertFalse(filter.mayHave(1, hash(1), NOON.plus(DAY).plusSeconds(61)));
        assertEquals(0, filter.capacity());
    }

    @Test
    void pastItsBoundItAnswersMaybeUntilAWindowAfterThePairItCouldNotTake() {
        RecentUrlFilter filter = complete(new RecentUrlFilter(DAY, RecentUrlFilter.FIRST_CAPACITY));
        for (int i = 0; i < RecentUrlFilter.FIRST_CAPACITY; i++) {
            filter.add(1, hash(i), NOON);
        }
        assertFalse(filter.mayHave(2, hash(1), NOON));
        filter.add(2, hash(1), NOON.plusSeconds(10)); // not taken: no room
        assertEquals(RecentUrlFilter.FIRST_CAPACITY, filter.capacity());
        assertTrue(filter.mayHave(3, hash(1), NOON.plus(DAY)), "blind: a pair it could not take is in the window");
        assertFalse(filter.mayHave(3, hash(1), NOON.plus(DAY).plusSeconds(11)));
        filter.add(2, hash(1), NOON.plus(DAY).plusSeconds(11)); // the old generation gone, there is room again
        assertTrue(filter.mayHave(2, hash(1), NOON.plus(DAY).plusSeconds(12)));
    }

    @Test
    void withNoRoomAtAllItAlwaysAnswersMaybe() {
        RecentUrlFilter filter = complete(new RecentUrlFilter(DAY, 0));
        filter.add(1, hash(1), NOON);
        assertTrue(filter.mayHave(2, hash(2), NOON));
        assertEquals(0, filter.capacity());
    }

    private static RecentUrlFilter complete(RecentUrlFilter filter) {
        filter.complete();
        return filter;
    }

    private static byte[] hash(int i) {
        return Link.hashOf("https://example.com/page/" + i);
    }
}
