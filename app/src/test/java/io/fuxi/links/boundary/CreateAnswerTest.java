package io.fuxi.links.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class CreateAnswerTest {

    private static final LinkView LINK = new LinkView(
            "aB3dE9",
            "https://example.com/a?b=ü",
            Instant.parse("2026-12-02T01:00:00Z"),
            Instant.parse("2027-12-02T01:00:00Z"),
            true,
            302,
            true,
            7,
            List.of("sale"),
            null,
            5,
            5,
            "https://example.com/sold-out",
            0,
            0);

    private static final JsonObject JSON = LINK.toJson("https://fx.example/aB3dE9", null);

    @Test
    void aNewLinkIsCreatedAtItsAbsoluteAddress() {
        CreateAnswer answer = CreateAnswer.of(new Creation(LINK, true), JSON, "https://fx.example/api/v1/links/aB3dE9");
        assertEquals(201, answer.status());
        assertEquals("Location", answer.header());
        assertEquals("https://fx.example/api/v1/links/aB3dE9", answer.headerValue());
        assertEquals(JSON, answer.json());
    }

    @Test
    void theCallersRecentLinkForTheSameUrlIsOkAndSaysWhereItIs() {
        CreateAnswer answer =
                CreateAnswer.of(new Creation(LINK, false), JSON, "https://fx.example/api/v1/links/aB3dE9");
        assertEquals(200, answer.status());
        assertEquals("Content-Location", answer.header());
        assertEquals("/api/v1/links/aB3dE9", answer.headerValue());
        assertEquals(JSON, answer.json());
    }
}
