package io.fuxi.clicks.control;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.util.Map.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KeyCountsTest {

    @Test
    void keysBeyondTheLimitCountAsOtherSoNoClickIsLost() {
        KeyCounts counts = new KeyCounts(2);
        counts.add("a.example", 1);
        counts.add("b.example", 2);
        counts.add("c.example", 3);
        counts.add("a.example", 4);
        counts.add("d.example", 5);

        assertEquals(
                List.of(entry(KeyCounts.OTHER, 8L), entry("a.example", 5L), entry("b.example", 2L)), counts.top(10));
    }

    /** "(other)" holds no place of a key: read before the keys, it pushes none of them into itself. */
    @Test
    void otherTakesNoPlaceOfAKey() {
        KeyCounts counts = new KeyCounts(2);
        counts.add(KeyCounts.OTHER, 7);
        counts.add("a.example", 1);
        counts.add("b.example", 2);
        counts.add("c.example", 3);

        assertEquals(
                List.of(entry(KeyCounts.OTHER, 10L), entry("b.example", 2L), entry("a.example", 1L)), counts.top(10));
    }

    @Test
    void theTopAreTheMostClickedAndTiesGoInNameOrder() {
        KeyCounts counts = new KeyCounts(50);
        counts.add("x.example", 3);
        counts.add("b.example", 5);
        counts.add("c.example", 1);
        counts.add("a.example", 5);

        assertEquals(List.of(entry("a.example", 5L), entry("b.example", 5L), entry("x.example", 3L)), counts.top(3));
    }

    @Test
    void countsSurviveTheirStoredForm() {
        KeyCounts counts = new KeyCounts(ClickTally.MAX_REFERRERS);
        for (String key : List.of("news.example", "t.co", "[2001:db8::1]", "192.0.2.1", "t.co")) {
            counts.add(key, 1);
        }
        counts.add("news.example", 40_000_000_000L);

        assertEquals(
                counts.top(10),
                KeyCounts.decode(counts.encode(), ClickTally.MAX_REFERRERS).top(10));
    }

    /** A row stored under a larger limit, read under a smaller one, still holds every click. */
    @Test
    void aStoredRowWithMoreKeysThanTheLimitKeepsEveryClick() {
        KeyCounts counts = new KeyCounts(10);
        for (int i = 0; i < 10; i++) {
            counts.add("host" + i + ".example", i + 1);
        }

        List<Map.Entry<String, Long>> read =
                KeyCounts.decode(counts.encode(), 3).top(100);

        assertEquals(4, read.size(), "three keys and the rest: " + read);
        assertEquals(55L, read.stream().mapToLong(Map.Entry::getValue).sum());
    }

    /** A damaged row never stops a flush: the lines that can be read are read. */
    @Test
    void linesThatAreNotKeyTabCountAreSkipped() {
        byte[] stored = "a.example\t3\nno tab\n\t4\nb.example\tmany\nc.example\t2\n\nd.example\t\n".getBytes(US_ASCII);

        assertEquals(
                List.of(entry("a.example", 3L), entry("c.example", 2L)),
                KeyCounts.decode(stored, 50).top(10));
        assertTrue(KeyCounts.decode(null, 50).isEmpty());
        assertTrue(KeyCounts.decode(new byte[0], 50).isEmpty());
    }

    @Test
    void aCopyCountsOnItsOwnUnderTheSameLimit() {
        KeyCounts counts = new KeyCounts(1);
        counts.add("a.example", 1);
        KeyCounts copy = counts.copy();

        counts.clear();
        copy.add("b.example", 2);

        assertTrue(counts.isEmpty());
        assertEquals(List.of(entry(KeyCounts.OTHER, 2L), entry("a.example", 1L)), copy.top(10));
    }
}
