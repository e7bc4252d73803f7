package io.fuxi.redirect.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CachedLinkTest {

    @ParameterizedTest(name = "{0} {1} {2} {3} {4}")
    @CsvSource(
            delimiter = '|',
            value = {
                "https://example.org/a?b=c%20d#e | 302 | 253402300799999     | true  | false",
                "http://e.org/                   | 301 | 0                   | false | true",
                "https://xn--bcher-kva.example/  | 307 | 1795000000000       | true  | true",
                "https://e.org/ü/€/𝄞             | 308 | 9223372036854775807 | false | false",
                "''                              | 302 | -1                  | true  | false",
            })
    void aPackedLinkUnpacksToTheSameLink(
            String location, int status, long expiresAtMillis, boolean enabled, boolean forwardQuery) {
        CachedLink link = new CachedLink(location, status, expiresAtMillis, enabled, forwardQuery);
        byte[] packed = link.packed();
        assertTrue(packed.length > 0, "the cache marks a link being loaded by an empty array");
        assertEquals(link, CachedLink.unpacked(packed));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "1795000000000 | true  | https://example.org/fallback?x=1",
                "0             | true  | ''",
                "1795000000000 | false | ''",
                "0             | false | https://e.org/ü",
            })
    void aLinkWithAStartALimitOrAFallbackUnpacksToTheSameLink(long validSince, boolean limited, String fallback) {
        CachedLink link = new CachedLink(
                "https://example.org/a",
                302,
                1_800_000_000_000L,
                true,
                true,
                validSince,
                limited,
                fallback.isEmpty() ? null : fallback,
                0,
                0);
        assertEquals(link, CachedLink.unpacked(link.packed()));
        byte[] inALog = new byte[link.packed().length + 7];
        System.arraycopy(link.packed(), 0, inALog, 5, link.packed().length);
        assertEquals(link, CachedLink.unpacked(inALog, 5, link.packed().length), "read where the table's log has it");
    }

    @Test
    void aPlainLinkPacksAsBeforeAndAStartDecidesWhenItAnswers() {
        CachedLink plain = new CachedLink("https://example.org/a", 302, 10_000L, true, false);
        assertEquals(11 + "https://example.org/a".length(), plain.packed().length, "no room for extras it lacks");
        assertFalse(plain.isNotYetValidAt(0));
        CachedLink later =
                new CachedLink("https://example.org/a", 302, 10_000L, true, false, 5_000L, false, null, 0, 0);
        assertTrue(later.isNotYetValidAt(4_999));
        assertFalse(later.isNotYetValidAt(5_000));
    }

    @ParameterizedTest
    @ValueSource(longs = {1L, -7L, Long.MIN_VALUE | 1, Long.MAX_VALUE})
    void aPasswordStampUnpacksAsItWasAndAsksForThePassword(long stamp) {
        CachedLink link = new CachedLink("https://example.org/a", 302, 10_000L, true, false, 0, false, null, stamp, 0);
        CachedLink unpacked = CachedLink.unpacked(link.packed());
        assertEquals(link, unpacked);
        assertTrue(unpacked.asksForPassword());
        assertFalse(new CachedLink("https://example.org/a", 302, 10_000L, true, false).asksForPassword());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 255, 256, 65_535})
    void aDomainUnpacksAsItWas(int domainId) {
        CachedLink link =
                new CachedLink("https://example.org/a", 302, 10_000L, true, false, 0, false, null, 0, domainId);
        assertEquals(domainId, CachedLink.unpacked(link.packed()).domainId());
        assertEquals(link, CachedLink.unpacked(link.packed()));
    }
}
