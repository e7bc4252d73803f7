package io.fuxi.redirect.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LinkTableTest {

    private static final long LIFESPAN_MILLIS = 300_000;
    private final AtomicLong now = new AtomicLong(1_795_000_000_000L);

    private LinkTable table(long maxLinks, long maxBytes) {
        return new LinkTable(maxLinks, maxBytes, LIFESPAN_MILLIS, now::get);
    }

    private static CachedLink link(String code) {
        return new CachedLink("https://example.org/" + code, 302, 253_402_300_799_999L, true, false);
    }

    private static void put(LinkTable table, String code) {
        table.put(code, link(code).packed());
    }

    /** Codes that all land in the same segment of the table, so that a test can fill one segment. */
    private static List<String> codesOfOneSegment(int count) {
        List<String> codes = new ArrayList<>();
        for (int i = 0; codes.size() < count; i++) {
            String code = "c" + i;
            if ((LinkTable.hash(code) >>> 60) == 0) {
                codes.add(code);
            }
        }
        return codes;
    }

    @Test
    void aCachedLinkIsFoundByItsCodeAsItWasPut() {
        LinkTable table = table(1000, 1_000_000);
        CachedLink link = new CachedLink("https://e.org/ü/€/𝄞?a=b", 307, 1_795_000_000_000L, false, true);
        table.put("Ab3dE9", link.packed());
        table.put("an-alias_of-some-length", link(".").packed());

        assertEquals(link, table.get("Ab3dE9"));
        assertEquals(link("."), table.get("an-alias_of-some-length"));
        assertNull(table.get("Ab3dE8"));
        assertEquals(2, table.size());
    }

    @Test
    void aCodeOfOtherThanAsciiIsNeitherCachedNorTakenForAnother() {
        LinkTable table = table(1000, 1_000_000);
        put(table, "abcU");
        put(table, "abc\u00e9");

        assertNull(table.get("abc\u0155"), "U+0155 cut to a byte is 'U'");
        assertNull(table.get("abc\u00e9"));
        assertEquals(link("abcU"), table.get("abcU"));
        assertEquals(1, table.size());
    }

    @Test
    void linksWhoseLifespanRanOutMakeRoomWithoutCountingAsEvictions() {
        List<String> codes = codesOfOneSegment(4);
        LinkTable table = table(16 * 2, 100_000_000);
        put(table, codes.get(0));
        put(table, codes.get(1));
        now.addAndGet(LIFESPAN_MILLIS + 1_000);

        put(table, codes.get(2));
        put(table, codes.get(3));

        assertEquals(0, table.evictions());
        assertEquals(2, table.size());
    }

    @Test
    void aFullTableKeepsEveryNewLinkAndLetsTheOldestUnfollowedOnesGo() {
        List<String> codes = codesOfOneSegment(150);
        LinkTable table = table(16 * 100, 100_000_000);
        codes.subList(0, 100).forEach(code -> put(table, code));
        assertEquals(0, table.evictions());

        codes.subList(100, 150).forEach(code -> put(table, code));

        assertEquals(100, table.size());
        assertEquals(50, table.evictions());
        codes.subList(100, 150).forEach(code -> assertEquals(link(code), table.get(code), "new link " + code));
        codes.subList(0, 50).forEach(code -> assertNull(table.get(code), "oldest link " + code));
    }

    @Test
    void aFollowedLinkGetsASecondChanceAndLosesItsMark() {
        List<String> codes = codesOfOneSegment(6);
        LinkTable table = table(16 * 3, 100_000_000);
        codes.subList(0, 3).forEach(code -> put(table, code));
        assertNotNull(table.get(codes.get(0)));

        put(table, codes.get(3));

        assertEquals(link(codes.get(0)), table.get(codes.get(0)), "the followed link stays");
        assertNull(table.get(codes.get(1)), "the next unfollowed link goes instead");

        put(table, codes.get(4)); // makes room: the third link goes
        put(table, codes.get(5)); // the first link's mark is there again from the get above, so the fourth goes
        assertNotNull(table.get(codes.get(0)));
        assertNull(table.get(codes.get(3)));
        assertEquals(3, table.size());
        assertEquals(3, table.evictions());
    }

    @Test
    void placesOfRemovedLinksAreTakenWithoutAnEviction() {
        List<String> codes = codesOfOneSegment(5);
        LinkTable table = table(16 * 3, 100_000_000);
        codes.subList(0, 3).forEach(code -> put(table, code));
        table.remove(codes.get(0));
        table.remove(codes.get(1));

        put(table, codes.get(3));
        put(table, codes.get(4));

        assertEquals(0, table.evictions());
        assertEquals(3, table.size());
        assertNull(table.get(codes.get(0)));
        assertNotNull(table.get(codes.get(2)));
    }

    @Test
    void theLogsBytesBoundTheTableAsWell() {
        List<String> codes = codesOfOneSegment(200);
        LinkTable table = table(16 * 1000, 1); // each segment's log holds four of the longest links at least
        String longPath = "x".repeat(2000);
        for (String code : codes) {
            table.put(code, new CachedLink("https://example.org/" + longPath + code, 302, 1L, true, false).packed());
        }

        assertTrue(table.size() < 50, table.size() + " links of 2 KB in a log of some 40 KB");
        assertEquals(200, table.size() + table.evictions());
        String last = codes.get(199);
        assertEquals("https://example.org/" + longPath + last, table.get(last).location());
    }

    @Test
    void theLogGrowsWhenLongerLinksComeAfterTheBoundWasReached() {
        List<String> codes = codesOfOneSegment(2_000);
        LinkTable table = table(16 * 1_000, 16 * 1_000 * 256);
        codes.subList(0, 1_000).forEach(code -> put(table, code)); // short links: a log of 64 KB holds them
        put(table, codes.get(1_000)); // the bound by count is reached: the oldest goes
        assertEquals(1, table.evictions());

        String longPath = "y".repeat(150);
        for (String code : codes.subList(1_000, 2_000)) {
            table.put(code, new CachedLink("https://example.org/" + longPath + code, 302, 1L, true, false).packed());
        }

        assertEquals(1_000, table.size());
        codes.subList(1_000, 2_000).forEach(code -> assertNotNull(table.get(code), code));
    }

    @Test
    void aLinkCachedLongerThanTheLifespanIsNotFound() {
        LinkTable table = table(1000, 1_000_000);
        put(table, "Ab3dE9");

        now.addAndGet(LIFESPAN_MILLIS * 4 / 5 - 1_000);
        assertNotNull(table.get("Ab3dE9"), "kept for four fifths of the lifespan at least");
        now.addAndGet(LIFESPAN_MILLIS / 5 + 2_000);
        assertNull(table.get("Ab3dE9"));

        put(table, "Ab3dE9");
        assertNotNull(table.get("Ab3dE9"), "cached again, it counts from then");
    }

    @Test
    void linksCachedInTheSameSecondExpireOverTheLastFifthOfTheLifespan() {
        LinkTable table = table(10_000, 10_000_000);
        List<String> codes = IntStream.range(0, 1_000).mapToObj(i -> "code" + i).toList();
        codes.forEach(code -> put(table, code));
        long start = now.get();

        List<Integer> found = new ArrayList<>();
        for (int second = 0; second <= LIFESPAN_MILLIS / 1000 + 1; second++) {
            now.set(start + second * 1000L);
            found.add(
                    (int) codes.stream().filter(code -> table.get(code) != null).count());
        }

        int fifth = (int) (LIFESPAN_MILLIS / 1000 / 5);
        assertEquals(1_000, found.get(4 * fifth - 1), "all there a second before the last fifth");
        assertEquals(0, (int) found.get(found.size() - 1), "none after the lifespan");
        int halfwayThroughTheFifth = found.get(4 * fifth + fifth / 2);
        assertTrue(
                halfwayThroughTheFifth > 350 && halfwayThroughTheFifth < 650,
                "about half gone halfway through the last fifth, not all at once: " + halfwayThroughTheFifth);
        assertTrue(
                IntStream.range(1, found.size())
                                .filter(i -> found.get(i) < found.get(i - 1))
                                .count()
                        >= fifth / 2,
                "gone over many different seconds: " + found);
    }

    @Test
    void aLinkIsCachedOnlyIfStillWantedUnderTheLock() {
        LinkTable table = table(1000, 1_000_000);
        table.putIf("Ab3dE9", link("Ab3dE9").packed(), () -> false);
        assertNull(table.get("Ab3dE9"));
        table.putIf("Ab3dE9", link("Ab3dE9").packed(), () -> true);
        assertNotNull(table.get("Ab3dE9"));
    }

    @Test
    void manyPutsAndRemovesAgreeWithAMap() {
        LinkTable table = table(100_000, 100_000_000);
        Map<String, CachedLink> expected = new HashMap<>();
        Random random = new Random(12);
        for (int i = 0; i < 300_000; i++) {
            String code = "k" + random.nextInt(20_000);
            if (random.nextInt(3) == 0) {
                table.remove(code);
                expected.remove(code);
            } else {
                CachedLink link = new CachedLink("https://example.org/" + "p".repeat(100) + i, 302, i, true, false);
                table.put(code, link.packed());
                expected.put(code, link);
            }
            assertEquals(expected.get(code), table.get(code), code + " after step " + i);
        }
        IntStream.range(0, 5_000)
                .mapToObj(n -> "k" + n)
                .forEach(code -> assertEquals(expected.get(code), table.get(code)));
        assertEquals(expected.size(), table.size());
        assertEquals(0, table.evictions());
    }

    @Test
    void readersSeeTheLinkOrNothingWhileWritesChurnTheTable() throws InterruptedException {
        LinkTable table = table(16 * 50, 16 * 50 * 64);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<String> wrong = new AtomicReference<>();
        AtomicLong found = new AtomicLong();
        List<Thread> readers = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            Thread reader = new Thread(() -> {
                Random random = new Random();
                while (!stop.get()) {
                    String code = "k" + random.nextInt(2_000);
                    CachedLink link = table.get(code);
                    if (link != null) {
                        found.incrementAndGet();
                        if (!link.equals(link(code))) {
                            wrong.compareAndSet(null, code + " gave " + link);
                        }
                    }
                }
            });
            reader.start();
            readers.add(reader);
        }
        Random random = new Random(7);
        for (int i = 0; i < 300_000; i++) {
            String code = "k" + random.nextInt(2_000);
            if (random.nextInt(4) == 0) {
                table.remove(code);
            } else {
                put(table, code);
            }
        }
        stop.set(true);
        for (Thread reader : readers) {
            reader.join();
        }
        assertNull(wrong.get());
        assertTrue(found.get() > 0, "the readers found links");
        assertTrue(table.evictions() > 0, "the writes churned a full table");
    }

    @Test
    void aBoundBelowOneIsRefusedByItsSetting() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> table(0, 1_000));
        assertTrue(refused.getMessage().contains("fuxi.cache.max-links"), refused.getMessage());
    }
}
