package io.fuxi.links.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fuxi.platform.problem.InvalidFieldException;
import jakarta.json.Json;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LinkRequestTest {

    @Test
    void readsAllFields() {
        LinkRequest request = LinkRequest.from(
                json("{\"url\":\"https://e.x\",\"alias\":\"my-x\",\"expiresAt\":\"2030-01-02T03:04:05+01:00\"}"));
        assertEquals("https://e.x", request.url());
        assertEquals("my-x", request.alias().orElseThrow());
        assertEquals(Instant.parse("2030-01-02T02:04:05Z"), request.expiresAt().orElseThrow());
    }

    @Test
    void aLinkOfItsOwnAboutTheQueryIsANewLink() {
        LinkRequest request = LinkRequest.from(json("{\"url\":\"https://e.x\",\"forwardQuery\":false}"));
        assertEquals(false, request.forwardQuery().orElseThrow());
        assertFalse(request.acceptsExistingLink(), "the recent link for the URL may forward its query");
        assertTrue(LinkRequest.from(json("{\"url\":\"https://e.x\"}")).acceptsExistingLink());
    }

    @Test
    void optionalFieldsMayBeNullOrAbsent() {
        LinkRequest request = LinkRequest.from(json("{\"url\":\"https://e.x\",\"alias\":null}"));
        assertTrue(request.alias().isEmpty());
        assertTrue(request.expiresAt().isEmpty());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "[]|body",
                "\"text\"|body",
                "42|body",
                "null|body",
                "{}|url",
                "{\"url\":null}|url",
                "{\"url\":5}|url",
                "{\"url\":[\"x\"]}|url",
                "{\"url\":{}}|url",
                "{\"url\":\"https://e.x\",\"alias\":7}|alias",
                "{\"url\":\"https://e.x\",\"forwardQuery\":\"false\"}|forwardQuery",
                "{\"url\":\"https://e.x\",\"expiresAt\":123}|expiresAt",
                "{\"url\":\"https://e.x\",\"expiresAt\":\"tomorrow\"}|expiresAt",
                "{\"url\":\"https://e.x\",\"expiresAt\":\"2030-01-02\"}|expiresAt",
                "{\"url\":\"https://e.x\",\"expiresAt\":\"2030-01-02T03:04:05\"}|expiresAt",
                "{\"url\":\"https://e.x\",\"expires_at\":\"2030-01-02T03:04:05Z\"}|expires_at",
                "{\"url\":\"https://e.x\",\"password\":\"1234567\"}|password",
                "{\"url\":\"https://e.x\",\"password\":12345678}|password",
            })
    void namesTheFieldThatIsWrong(String body, String field) {
        InvalidFieldException error = assertThrows(InvalidFieldException.class, () -> LinkRequest.from(json(body)));
        assertEquals(field, error.toProblem().field());
    }

    @Test
    void aPasswordHas8To128CharactersAndMakesANewLink() {
        LinkRequest eight = LinkRequest.from(json("{\"url\":\"https://e.x\",\"password\":\"12345678\"}"));
        assertEquals("12345678", eight.password().orElseThrow());
        assertFalse(eight.acceptsExistingLink(), "a recent link of the URL has no password");
        String longest = "ü".repeat(128); // characters, not bytes
        assertEquals(longest, LinkRequest.checkedPassword(longest));
        InvalidFieldException tooLong =
                assertThrows(InvalidFieldException.class, () -> LinkRequest.checkedPassword(longest + "x"));
        assertEquals("password", tooLong.toProblem().field());
        assertTrue(LinkRequest.from(json("{\"url\":\"https://e.x\",\"password\":null}"))
                .password()
                .isEmpty());
    }

    @Test
    void unknownFieldNamesAreEchoedOnlyAsShortPrintableText() {
        InvalidFieldException error = assertThrows(
                InvalidFieldException.class,
                () -> LinkRequest.from(json("{\"url\":\"https://e.x\",\"a\\u0000\\n" + "b".repeat(100) + "\":1}")));
        assertEquals("a" + "b".repeat(39), error.toProblem().field());
    }

    private static JsonValue json(String text) {
        return Json.createReader(new StringReader(text)).readValue();
    }
}
