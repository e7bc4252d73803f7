package io.fuxi.idempotency.control;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FingerprintTest {

    private static final byte[] BODY = "{\"url\":\"https://example.com\"}".getBytes(UTF_8);

    @Test
    void aRetryOfTheSameRequestHasTheSameFingerprint() {
        assertArrayEquals(Fingerprint.of("POST", "links", BODY), Fingerprint.of("POST", "links", BODY.clone()));
    }

    @Test
    void anyDifferenceInMethodPathOrBodyMakesAnotherRequest() {
        byte[] first = Fingerprint.of("POST", "links", BODY);
        Map<String, byte[]> others = Map.of(
                "another method", Fingerprint.of("PUT", "links", BODY),
                "another path", Fingerprint.of("POST", "links/bulk", BODY),
                "another body", Fingerprint.of("POST", "links", "{\"url\":\"https://example.org\"}".getBytes(UTF_8)),
                "the same JSON in other bytes",
                        Fingerprint.of("POST", "links", "{ \"url\": \"https://example.com\" }".getBytes(UTF_8)),
                "no body", Fingerprint.of("POST", "links", new byte[0]));
        others.forEach((what, other) -> assertFalse(Arrays.equals(first, other), what));
    }

    @Test
    void theSameBytesSplitOtherwiseBetweenPathAndBodyAreAnotherRequest() {
        byte[] moved = ("/bulk" + new String(BODY, UTF_8)).getBytes(UTF_8);
        assertFalse(Arrays.equals(Fingerprint.of("POST", "links/bulk", BODY), Fingerprint.of("POST", "links", moved)));
    }

    /**
     * Fingerprints are kept for 24 hours (in a BINARY(32) column): a retry after an upgrade must still match the
     * fingerprint its first attempt stored before it, so the way it is computed must not change.
     */
    @Test
    void theFingerprintIsSha256OfMethodPathAndBody() {
        assertEquals(
                "162be73e445320a9a9b3cd5e1a6f6bb0c8087a8d489e90fc96de5fcc2e0489d6",
                HexFormat.of().formatHex(Fingerprint.of("POST", "links", BODY)));
    }
}
