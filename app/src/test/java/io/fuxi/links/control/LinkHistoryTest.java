package io.fuxi.links.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fuxi.links.boundary.HistoryEntry;
import io.fuxi.links.entity.Link;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A new link's creation entry, made from its fields now with the recorded changes undone (ADR 36). */
class LinkHistoryTest {

    private static final Instant CREATED = Instant.parse("2026-11-27T10:00:00Z");
    private static final Instant EXPIRES = Instant.parse("2028-11-27T10:00:00Z");

    @Test
    void aLinkNeverChangedWasMadeWithItsFieldsNow() {
        Link link = new Link("abc123", "https://example.com/a", 7, CREATED, EXPIRES, 301, true);

        HistoryEntry created = LinkHistory.created(link, null, "key:7", List.of());

        assertEquals(
                new HistoryEntry(CREATED, "key:7", "created", JsonObject.EMPTY_JSON_OBJECT, LinkFields.of(link, null)),
                created);
        assertEquals(301, created.after().getInt("redirectStatus"));
    }

    @Test
    void eachChangeIsUndoneNewestFirst() {
        Link link = new Link("abc123", "https://example.com/c", 7, CREATED, EXPIRES, null, null);
        link.enable(false);
        link.changeRedirectStatus(308);
        List<HistoryEntry> changes = List.of(
                change(
                        "changed",
                        object("url", Json.createValue("https://example.com/a")),
                        object("url", Json.createValue("https://example.com/b"))),
                change(
                        "changed",
                        object("url", Json.createValue("https://example.com/b")),
                        object("url", Json.createValue("https://example.com/c"))),
                change("disabled", object("enabled", JsonValue.TRUE), object("enabled", JsonValue.FALSE)),
                change(
                        "changed",
                        object("redirectStatus", JsonValue.NULL),
                        object("redirectStatus", Json.createValue(308))));

        JsonObject made =
                LinkHistory.created(link, null, "account:admin", changes).after();

        assertEquals(
                Json.createObjectBuilder()
                        .add("url", "https://example.com/a")
                        .add("expiresAt", EXPIRES.toString())
                        .add("enabled", true)
                        .add("redirectStatus", JsonValue.NULL)
                        .add("forwardQuery", JsonValue.NULL)
                        .add("tags", JsonValue.EMPTY_JSON_ARRAY)
                        .add("validSince", JsonValue.NULL)
                        .add("maxVisits", JsonValue.NULL)
                        .add("fallbackUrl", JsonValue.NULL)
                        .add("password", JsonValue.NULL)
                        .add("domain", JsonValue.NULL)
                        .build(),
                made);
    }

    private static HistoryEntry change(String action, JsonObject before, JsonObject after) {
        return new HistoryEntry(CREATED.plusSeconds(60), "key:7", action, before, after);
    }

    private static JsonObject object(String name, JsonValue value) {
        return Json.createObjectBuilder().add(name, value).build();
    }
}
