package io.fuxi.redirect.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
}
