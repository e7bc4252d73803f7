package io.fuxi.redirect.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LinkCacheTest {

    @Test
    void unsetTheCacheHoldsAsManyLinksAsAQuarterOfTheHeapBeyondWhatThePlatformHolds() {
        long megabyte = 1024 * 1024;
        assertEquals(134_217, LinkCache.defaultMaxLinks(512 * megabyte));
        assertEquals(2_013_265, LinkCache.defaultMaxLinks(4096 * megabyte));
        assertEquals(10_000, LinkCache.defaultMaxLinks(256 * megabyte), "a floor for heaps too small for the rule");
        assertEquals(10_000, LinkCache.defaultMaxLinks(64 * megabyte));
    }
}
