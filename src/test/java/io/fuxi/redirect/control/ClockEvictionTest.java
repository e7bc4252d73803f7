package io.fuxi.redirect.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.LongStream;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.context.Flag;
import org.infinispan.manager.DefaultCacheManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The ring over a real local Infinispan cache, as LinkCache uses it. */
class ClockEvictionTest {

    private DefaultCacheManager manager;
    private Cache<Object, byte[]> cache;

    @BeforeEach
    void startCache() {
        manager = new DefaultCacheManager();
        manager.defineConfiguration("links", new ConfigurationBuilder().build());
        cache = manager.<Object, byte[]>getCache("links").getAdvancedCache().withFlags(Flag.CACHE_MODE_LOCAL);
    }

    @AfterEach
    void stopCache() {
        manager.stop();
    }

    private void cache(ClockEviction eviction, long key) {
        eviction.admit(key);
        cache.put(key, new CachedLink("https://example.org/" + key, 302, Long.MAX_VALUE, true, false).packed());
    }

    @Test
    void aFullCacheKeepsEveryNewLinkAndLetsTheOldestUnusedOneGo() {
        ClockEviction eviction = new ClockEviction(cache, 100);
        LongStream.range(0, 100).forEach(key -> cache(eviction, key));
        assertEquals(0, eviction.evictions());

        LongStream.range(100, 150).forEach(key -> cache(eviction, key));

        assertEquals(100, cache.size());
        assertEquals(50, eviction.evictions());
        LongStream.range(100, 150).forEach(key -> assertNotNull(cache.get(key), "new link " + key));
        LongStream.range(0, 50).forEach(key -> assertNull(cache.get(key), "oldest link " + key));
    }

    @Test
    void aUsedLinkGetsASecondChanceAndLosesItsMark() {
        ClockEviction eviction = new ClockEviction(cache, 3);
        LongStream.range(0, 3).forEach(key -> cache(eviction, key));
        CachedLink.markUsed(cache.get(0L));

        cache(eviction, 3);

        assertNotNull(cache.get(0L), "the used link stays");
        assertNull(cache.get(1L), "the next unused link goes instead");
        assertFalse(CachedLink.clearUsed(cache.get(0L)), "the hand took the mark away as it passed");

        cache(eviction, 4);
        cache(eviction, 5);
        assertNull(cache.get(0L), "unused since, it goes on the hand's next round");
        assertEquals(3, cache.size());
    }

    @Test
    void placesOfLinksAlreadyGoneAreTakenWithoutAnEviction() {
        ClockEviction eviction = new ClockEviction(cache, 3);
        LongStream.range(0, 3).forEach(key -> cache(eviction, key));
        cache.remove(0L); // changed or deleted: dropped on every node
        cache.remove(1L);

        cache(eviction, 3);
        cache(eviction, 4);

        assertEquals(0, eviction.evictions());
        assertNotNull(cache.get(2L));
        assertEquals(3, cache.size());
    }

    @Test
    void aCodeBeingReadFromTheDatabaseMayBeLetGo() {
        ClockEviction eviction = new ClockEviction(cache, 1);
        eviction.admit(7L);
        cache.put(7L, new byte[0]); // LinkCache's mark for a code being read

        cache(eviction, 8);

        assertNull(cache.get(7L));
        assertEquals(1, eviction.evictions());
    }

    @Test
    void theRingGrowsToItsBound() {
        ClockEviction eviction = new ClockEviction(cache, 5_000);
        LongStream.range(0, 5_000).forEach(key -> cache(eviction, key));
        assertEquals(0, eviction.evictions());

        cache(eviction, 5_000);

        assertEquals(1, eviction.evictions());
        assertNull(cache.get(0L));
        assertEquals(5_000, cache.size());
    }

    @Test
    void markingAUsedLinkLeavesTheLinkAsItWas() {
        CachedLink link = new CachedLink("https://example.org/a", 301, 1_795_000_000_000L, false, true);
        byte[] packed = link.packed();

        CachedLink.markUsed(packed);

        assertEquals(link, CachedLink.unpacked(packed));
        assertTrue(CachedLink.clearUsed(packed));
        assertFalse(CachedLink.clearUsed(packed));
        assertEquals(link, CachedLink.unpacked(packed));
    }

    @Test
    void aBoundBelowOneIsRefusedByItsSetting() {
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> new ClockEviction(cache, 0));
        assertTrue(refused.getMessage().contains("fuxi.cache.max-links"), refused.getMessage());
    }
}
