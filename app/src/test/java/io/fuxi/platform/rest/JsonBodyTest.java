package io.fuxi.platform.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.fuxi.platform.problem.ProblemException;
import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JsonBodyTest {

    @Test
    void readsShortAndLongBodiesAlike() {
        for (int length : new int[] {0, 10, 255, 256, 8_000, 8_192, 100_000}) {
            String url =
                    "https://example.com/" + "é".repeat(length / 2); // two bytes each: some straddle a buffer's end
            String json = "{\"url\":\"" + url + "\"}";
            assertEquals(url, JsonBody.read(bytes(json)).asJsonObject().getString("url"), "length " + length);
            assertEquals(url, JsonBody.read(oneByteAtATime(json)).asJsonObject().getString("url"), "length " + length);
        }
    }

    @Test
    void refusesWhatIsNotOneJsonValueInUtf8() {
        byte[] latin1 = "{\"url\":\"\u00ff\"}".getBytes(StandardCharsets.ISO_8859_1);
        assertProblem("The body is not valid UTF-8.", new ByteArrayInputStream(latin1));
        byte[] longLatin1 = ("{\"url\":\"" + "a".repeat(20_000) + "\u00ff\"}").getBytes(StandardCharsets.ISO_8859_1);
        assertProblem("The body is not valid UTF-8.", new ByteArrayInputStream(longLatin1));
        assertProblem(null, bytes("{} {}")); // Parsson's own error or ours, as the parser finds it
        assertProblem("The body is not valid JSON (or is nested more than 1,000 levels deep).", bytes(""));
        assertProblem("The body is not valid JSON (or is nested more than 1,000 levels deep).", bytes("{\"url\":"));
    }

    @Test
    void aProblemRaisedWhileReadingKeepsItsStatus() {
        ProblemException tooLarge = assertThrows(
                ProblemException.class,
                () -> JsonBody.read(LimitedBody.of(bytes("{\"url\":\"" + "a".repeat(100) + "\"}"), -1, 50)));
        assertEquals(413, tooLarge.toProblem().status());
        ProblemException longTooLarge = assertThrows(
                ProblemException.class,
                () -> JsonBody.read(LimitedBody.of(bytes("{\"url\":\"" + "a".repeat(50_000) + "\"}"), -1, 20_000)));
        assertEquals(413, longTooLarge.toProblem().status());
    }

    private static void assertProblem(String detail, InputStream body) {
        ProblemException problem = assertThrows(ProblemException.class, () -> JsonBody.read(body));
        assertEquals(400, problem.toProblem().status());
        assertEquals("body", problem.toProblem().field());
        if (detail != null) {
            assertEquals(detail, problem.toProblem().detail());
        }
    }

    private static InputStream bytes(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A body that arrives a byte a read, as a slow client's may. */
    private static InputStream oneByteAtATime(String text) {
        return new FilterInputStream(bytes(text)) {
            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                return super.read(buffer, offset, Math.min(1, length));
            }
        };
    }
}
