package io.fuxi.redirect.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LinkCacheTest {

    @Test
    void unsetTheCacheHoldsAsManyLinksAsAQuarterOfTheHeap() {
        long megabyte = 1024 * 1024;
        assertEquals(268_435, LinkCache.defaultMaxLinks(512 * megabyte));
        assertEquals(2_147_483, LinkCache.defaultMaxLinks(4096 * megabyte));
    }
}
