package io.fuxi.it;

import static io.fuxi.it.Api.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Start dates, visit limits and fallback URLs (issue 63, parts 4 and 5), as notes/limits-contract.md has them: on
 * creates (both paths and each bulk item) and PATCH, in every link's JSON and in its history, and in the redirect over
 * real HTTP, with the deployment's clock moved where time matters. Visits that must count are a browser's; a bot's
 * never do.
 */
class LinkLimitsIT extends DeployedFuxi {

    /** URLs and names of this run only: every test class shares the database and the deployment. */
    private static final AtomicLong SERIAL = new AtomicLong(System.nanoTime() & Long.MAX_VALUE);

    private static final String BROWSER = ClickStatsIT.FIREFOX;
    private static final String BOT = ClickStatsIT.GOOGLEBOT;

    private final Rows rows = new Rows(TestDatabase.dataSource("fuxi"));

    @Test
    void everyLinkAnswerHasTheFourFieldsNullWhenUnset() {
        Api partner = admin.newPartner(unique("limits-shape"));
        JsonObject direct = partner.created(body(uniqueUrl("plain"), ""));
        assertUnset(direct, "a single create");
        HttpResponse<String> throughJaxRs = createWithIdempotencyKey(partner, body(uniqueUrl("plain"), ""));
        assertEquals(201, throughJaxRs.statusCode(), throughJaxRs.body());
        assertUnset(Api.json(throughJaxRs), "a create with an Idempotency-Key");
        JsonObject bulk =
                bulkResults(partner, List.of(body(uniqueUrl("plain"), ""))).get(0);
        assertEquals(201, bulk.getInt("status"), bulk.toString());
        assertUnset(bulk.getJsonObject("link"), "a bulk item");
        JsonObject nulls = partner.created(
                body(uniqueUrl("nulls"), "\"validSince\":null,\"maxVisits\":null,\"fallbackUrl\":null"));
        assertUnset(nulls, "a create with the fields null");
        assertUnset(partner.link(direct.getString("code")), "a read");
        HttpResponse<String> patched = partner.patch("api/v1/links/" + direct.getString("code"), "{\"enabled\":false}");
        assertEquals(200, patched.statusCode(), patched.body());
        assertUnset(Api.json(patched), "a PATCH answer");

        Instant since = inWholeSeconds(Duration.ofDays(1));
        String fallback = uniqueUrl("shape-fallback");
        JsonObject limited = partner.created(
                body(uniqueUrl("limited"), validSince(since) + ",\"maxVisits\":7," + fallbackUrl(fallback)));
        assertLimits(limited, since, 7, 7, fallback, "a create with all three");

        List<JsonObject> listed = Api.json(partner.get("api/v1/links?size=100"))
                .getJsonArray("links")
                .getValuesAs(JsonObject.class);
        assertEquals(5, listed.size(), listed.toString());
        for (JsonObject item : listed) {
            if (item.getString("code").equals(limited.getString("code"))) {
                assertLimits(item, since, 7, 7, fallback, "the limited link in the list");
            } else {
                assertUnset(item, "a plain link in the list");
            }
        }
    }

    @Test
    void eachFieldIsKeptOnCreateByBothPaths() {
        Instant since = inWholeSeconds(Duration.ofDays(1));
        String fallback = uniqueUrl("kept-fallback");
        bothPaths(admin).forEach((how, create) -> {
            JsonObject sinceOnly = created(create, body(uniqueUrl("since"), validSince(since)), how);
            assertLimits(sinceOnly, since, null, null, null, how + ", validSince alone");
            JsonObject visitsOnly = created(create, body(uniqueUrl("visits"), "\"maxVisits\":3"), how);
            assertLimits(visitsOnly, null, 3, 3, null, how + ", maxVisits alone");
            JsonObject fallbackOnly = created(create, body(uniqueUrl("fallback"), fallbackUrl(fallback)), how);
            assertLimits(fallbackOnly, null, null, null, fallback, how + ", fallbackUrl alone");
            JsonObject all = created(
                    create,
                    body(uniqueUrl("all"), validSince(since) + ",\"maxVisits\":2147483647," + fallbackUrl(fallback)),
                    how);
            assertLimits(all, since, Integer.MAX_VALUE, Integer.MAX_VALUE, fallback, how + ", all three");
            for (JsonObject link : List.of(sinceOnly, visitsOnly, fallbackOnly, all)) {
                assertEquals(
                        Json.createObjectBuilder(link).add("totalClicks", 0).build(),
                        admin.link(link.getString("code")),
                        how + ": the link as created, with its clicks");
            }
        });
    }

    @Test
    void bulkItemsCarryTheFieldsAndABadOneSinksOnlyItsItem() {
        Instant since = inWholeSeconds(Duration.ofDays(1));
        String fallback = uniqueUrl("bulk-fallback");
        String limitedUrl = uniqueUrl("bulk-limited");
        String badUrl = uniqueUrl("bulk-bad");
        List<JsonObject> results = bulkResults(
                admin,
                List.of(
                        body(limitedUrl, validSince(since) + ",\"maxVisits\":4," + fallbackUrl(fallback)),
                        body(uniqueUrl("bulk-plain"), ""),
                        body(uniqueUrl("bulk-visits"), "\"maxVisits\":9"),
                        body(badUrl, "\"maxVisits\":0"),
                        body(badUrl, validSinceText("soon")),
                        body(badUrl, fallbackUrl("ftp://example.com/f"))));
        assertEquals(
                List.of(201, 201, 201, 400, 400, 400),
                results.stream().map(result -> result.getInt("status")).toList(),
                results.toString());
        JsonObject limited = results.get(0).getJsonObject("link");
        assertLimits(limited, since, 4, 4, fallback, "a bulk item with all three");
        assertEquals(limitedUrl, limited.getString("url"));
        assertUnset(results.get(1).getJsonObject("link"), "a plain bulk item");
        assertLimits(results.get(2).getJsonObject("link"), null, 9, 9, null, "a bulk item with maxVisits");
        assertEquals(
                List.of("maxVisits", "validSince", "fallbackUrl"),
                results.subList(3, 6).stream()
                        .map(result -> result.getJsonObject("problem").getString("field"))
                        .toList());
        assertLimits(admin.link(limited.getString("code")), since, 4, 4, fallback, "a bulk item read back");
        assertEquals(0, linksWithUrl(badUrl));
    }

    @Test
    void badValuesAreRefusedNamingTheirFieldAndWriteNoLink() {
        Instant expiresAt = inWholeSeconds(Duration.ofDays(10));
        LocalDateTime tomorrow = LocalDateTime.now(ZoneOffset.UTC).plusDays(1).truncatedTo(ChronoUnit.SECONDS);
        Map<String, String> refused = new LinkedHashMap<>(); // the fields besides the url -> the field named
        refused.put("\"maxVisits\":0", "maxVisits");
        refused.put("\"maxVisits\":-1", "maxVisits");
        refused.put("\"maxVisits\":-2147483648", "maxVisits");
        refused.put("\"maxVisits\":2.5", "maxVisits");
        refused.put("\"maxVisits\":0.5", "maxVisits");
        refused.put("\"maxVisits\":2147483648", "maxVisits");
        refused.put("\"maxVisits\":\"3\"", "maxVisits");
        refused.put("\"maxVisits\":true", "maxVisits");
        refused.put("\"maxVisits\":[3]", "maxVisits");
        refused.put(validSinceText("soon"), "validSince");
        refused.put(validSinceText(tomorrow.toString()), "validSince"); // no offset
        refused.put(validSinceText((tomorrow.getYear() + 1) + "-02-30T00:00:00Z"), "validSince");
        refused.put("\"validSince\":" + tomorrow.toEpochSecond(ZoneOffset.UTC), "validSince");
        refused.put(validSince(expiresAt) + ",\"expiresAt\":\"" + expiresAt + "\"", "validSince");
        refused.put(
                validSince(expiresAt.plus(Duration.ofDays(1))) + ",\"expiresAt\":\"" + expiresAt + "\"", "validSince");
        refused.put(validSince(inWholeSeconds(Duration.ofDays(800))), "validSince"); // after the default 730 days
        refused.put(fallbackUrl("ftp://example.com/f"), "fallbackUrl");
        refused.put(fallbackUrl("javascript:alert(1)"), "fallbackUrl");
        refused.put(fallbackUrl("data:text/html,hi"), "fallbackUrl");
        refused.put(fallbackUrl("/relative/path"), "fallbackUrl");
        refused.put(fallbackUrl("https://"), "fallbackUrl");
        refused.put(fallbackUrl(""), "fallbackUrl");
        refused.put(fallbackUrl("https://example.com/a b"), "fallbackUrl");
        refused.put(fallbackUrl("http://localhost:8080/loop"), "fallbackUrl"); // this shortener's own host
        refused.put(fallbackUrl("https://example.com/" + "a".repeat(2100)), "fallbackUrl");
        refused.put("\"fallbackUrl\":42", "fallbackUrl");
        refused.forEach((fields, field) -> {
            String url = uniqueUrl("refused");
            String json = body(url, fields);
            bothPaths(admin).forEach((how, create) -> {
                HttpResponse<String> answer = create.apply(json);
                assertEquals(400, answer.statusCode(), how + ": " + json + " -> " + answer.body());
                assertProblem(answer, 400, field);
            });
            JsonObject item = bulkResults(admin, List.of(json)).get(0);
            assertEquals(400, item.getInt("status"), "a bulk item " + json + " -> " + item);
            assertEquals(field, item.getJsonObject("problem").getString("field"), item.toString());
            assertEquals(0, linksWithUrl(url), "no link written for " + json);
        });

        String host = unique("blocked-fallback") + ".example";
        HttpResponse<String> rule = admin.post("api/v1/destinations", "{\"host\":\"" + host + "\",\"kind\":\"block\"}");
        assertEquals(201, rule.statusCode(), rule.body());
        try {
            String url = uniqueUrl("blocked-fallback");
            String json = body(url, fallbackUrl("https://" + host + "/elsewhere"));
            bothPaths(admin).forEach((how, create) -> assertProblem(create.apply(json), 400, "fallbackUrl"));
            assertEquals(0, linksWithUrl(url), "no link written with a blocked fallback");
        } finally {
            assertEquals(
                    204,
                    admin.delete("api/v1/destinations/" + Api.json(rule).getJsonNumber("id"))
                            .statusCode());
        }
    }

    @Test
    void badValuesInAPatchAreRefusedNamingTheirFieldAndChangeNothing() {
        Instant expiresAt = inWholeSeconds(Duration.ofDays(10));
        Instant since = inWholeSeconds(Duration.ofDays(1));
        String code = admin.created(body(
                        uniqueUrl("patch-refused"),
                        "\"expiresAt\":\"" + expiresAt + "\"," + validSince(since) + ",\"maxVisits\":5,"
                                + fallbackUrl(uniqueUrl("patch-refused-fallback"))))
                .getString("code");
        String path = "api/v1/links/" + code;
        JsonObject before = admin.link(code);

        Map<String, String> refused = new LinkedHashMap<>();
        refused.put("{\"maxVisits\":0}", "maxVisits");
        refused.put("{\"maxVisits\":-3}", "maxVisits");
        refused.put("{\"maxVisits\":1.5}", "maxVisits");
        refused.put("{\"maxVisits\":\"6\"}", "maxVisits");
        refused.put("{\"maxVisits\":2147483648}", "maxVisits");
        refused.put("{" + validSinceText("soon") + "}", "validSince");
        refused.put(
                "{"
                        + validSinceText(
                                LocalDateTime.now(ZoneOffset.UTC).plusDays(2).toString()) + "}",
                "validSince");
        refused.put("{" + validSince(expiresAt) + "}", "validSince");
        refused.put("{" + validSince(expiresAt.plus(Duration.ofDays(1))) + "}", "validSince");
        refused.put("{" + fallbackUrl("ftp://example.com/f") + "}", "fallbackUrl");
        refused.put("{" + fallbackUrl("http://localhost:8080/loop") + "}", "fallbackUrl");
        refused.put("{" + fallbackUrl("https://example.com/" + "a".repeat(2100)) + "}", "fallbackUrl");
        refused.put("{\"fallbackUrl\":false}", "fallbackUrl");
        refused.put("{\"maxVisits\":2," + fallbackUrl("javascript:alert(1)") + "}", "fallbackUrl");
        refused.forEach((json, field) -> {
            HttpResponse<String> answer = admin.patch(path, json);
            assertEquals(400, answer.statusCode(), json + " -> " + answer.body());
            assertProblem(answer, 400, field);
            assertEquals(before, admin.link(code), "nothing written by " + json);
        });

        // the start must stay before the expiry, whichever of the two a PATCH moves
        String earlier = "{\"expiresAt\":\"" + since.minus(Duration.ofHours(1)) + "\"}";
        assertProblem(admin.patch(path, earlier), 400, null);
        assertEquals(before, admin.link(code), "nothing written by " + earlier);
    }

    /** The same key shortening the same URL again gets its recent link back, unless the create has a new field. */
    @Test
    void aCreateWithAnyOfTheFieldsNeverGetsTheRecentLinkForItsUrlBack() {
        Api partner = admin.newPartner(unique("limits-recent"));
        String url = uniqueUrl("recent");
        String first = partner.created(body(url, "")).getString("code");
        HttpResponse<String> again = partner.create(body(url, ""));
        assertEquals(200, again.statusCode(), "without the fields, the recent link: " + again.body());
        assertEquals(first, Api.json(again).getString("code"));

        Set<String> codes = new HashSet<>(Set.of(first));
        List<String> fields = List.of(
                validSince(inWholeSeconds(Duration.ofDays(1))),
                "\"maxVisits\":3",
                fallbackUrl(uniqueUrl("recent-fallback")));
        for (String extra : fields) {
            bothPaths(partner).forEach((how, create) -> {
                HttpResponse<String> answer = create.apply(body(url, extra));
                assertEquals(201, answer.statusCode(), how + ", " + extra + ": " + answer.body());
                assertTrue(codes.add(Api.json(answer).getString("code")), how + ", " + extra + ": a new link");
            });
        }
        JsonObject item =
                bulkResults(partner, List.of(body(url, "\"maxVisits\":3"))).get(0);
        assertEquals(201, item.getInt("status"), item.toString());
        assertTrue(codes.add(item.getJsonObject("link").getString("code")), "a bulk item: a new link");

        assertEquals(8, linksWithUrl(url));
        assertUnset(partner.link(first), "the first link gained none of the fields");
    }

    @Test
    void patchSetsAndRemovesEachField() {
        String url = uniqueUrl("patch");
        String code = admin.created(body(url, "")).getString("code");
        String path = "api/v1/links/" + code;
        Instant since = inWholeSeconds(Duration.ofHours(1));
        String fallback = uniqueUrl("patch-fallback");

        assertLimits(patched(path, "{\"maxVisits\":2}"), null, 2, 2, null, "maxVisits set");
        assertLimits(admin.link(code), null, 2, 2, null, "maxVisits read back");
        assertLimits(patched(path, "{\"maxVisits\":null}"), null, null, null, null, "maxVisits removed");
        assertLimits(admin.link(code), null, null, null, null, "maxVisits removed, read back");

        assertLimits(patched(path, "{" + validSince(since) + "}"), since, null, null, null, "validSince set");
        assertLimits(admin.link(code), since, null, null, null, "validSince read back");
        assertNotValidYet(visit(code, BOT));
        assertLimits(patched(path, "{\"validSince\":null}"), null, null, null, null, "validSince removed");
        assertRedirect(code, BOT, 302, url); // at once, though the link was cached as not valid yet

        assertLimits(patched(path, "{" + fallbackUrl(fallback) + "}"), null, null, null, fallback, "fallback set");
        assertLimits(admin.link(code), null, null, null, fallback, "fallbackUrl read back");
        assertEquals(200, admin.patch(path, "{\"enabled\":false}").statusCode());
        assertRedirect(code, BOT, 302, fallback);
        assertLimits(patched(path, "{\"fallbackUrl\":null}"), null, null, null, null, "fallbackUrl removed");
        assertGone(visit(code, BOT), "Link disabled");

        JsonObject all = patched(
                path, "{\"enabled\":true," + validSince(since) + ",\"maxVisits\":5," + fallbackUrl(fallback) + "}");
        assertLimits(all, since, 5, 5, fallback, "all three set at once");
        assertRedirect(code, BOT, 302, fallback);
        String otherUrl = uniqueUrl("patch-moved");
        assertLimits(
                patched(path, "{\"url\":\"" + otherUrl + "\"}"),
                since,
                5,
                5,
                fallback,
                "kept by a PATCH that leaves them out");
        assertLimits(
                patched(path, "{\"validSince\":null,\"maxVisits\":null,\"fallbackUrl\":null}"),
                null,
                null,
                null,
                null,
                "all three removed at once");
        assertRedirect(code, BOT, 302, otherUrl);
    }

    @Test
    void aLinkIsNotFoundBeforeItsStartAndRedirectsFromThen() {
        String url = uniqueUrl("later");
        Instant since = inWholeSeconds(Duration.ofHours(1));
        String code =
                admin.created(body(url, validSince(since) + ",\"maxVisits\":3")).getString("code");
        for (String path : List.of(code, code, code + "?utm_source=x")) { // loaded, then from the cache
            assertNotValidYet(visit(path, BROWSER));
        }
        assertNotValidYet(admin.follow(code));
        assertEquals(3, visitsLeft(code), "a visit before the start uses none up");
        try {
            admin.moveClock(Duration.ofHours(2));
            assertRedirect(code, BROWSER, 302, url);
            assertRedirect(code + "?utm_source=x", BROWSER, 302, url + "?utm_source=x");
            assertEquals(1, visitsLeft(code));
        } finally {
            admin.clockBack();
        }
        assertNotValidYet(visit(code, BROWSER)); // the clock back before the start: not valid yet again
        assertEquals(1, visitsLeft(code));

        String startedUrl = uniqueUrl("started");
        String started = admin.created(body(startedUrl, validSince(inWholeSeconds(Duration.ofHours(-1)))))
                .getString("code");
        assertRedirect(started, BROWSER, 302, startedUrl);
    }

    @Test
    void aLinkWithMaxVisitsRedirectsThatManyPeopleThenAnswersAsExpired() {
        String url = uniqueUrl("limited");
        JsonObject link = admin.created(body(url, "\"maxVisits\":3"));
        String code = link.getString("code");
        assertLimits(link, null, 3, 3, null, "created");
        assertRedirect(code, BOT, 302, url);
        assertEquals(3, visitsLeft(code), "a bot uses no visit up");
        for (int visit = 1; visit <= 3; visit++) {
            assertRedirect(code, BROWSER, 302, url);
            assertEquals(3 - visit, visitsLeft(code), "after " + visit + " visits");
            if (visit < 3) {
                assertRedirect(code, BOT, 302, url);
                assertEquals(3 - visit, visitsLeft(code), "a bot after " + visit + " visits");
            }
        }
        assertGone(visit(code, BOT), "Link expired"); // with no visits left, bots too
        for (String path : List.of(code, code, code + "?utm_source=x", code + "/")) {
            assertGone(visit(path, BROWSER), "Link expired");
        }
        assertGone(visit(code, BOT), "Link expired"); // no visits left: bots are not let through either
        assertLimits(admin.link(code), null, 3, 0, null, "over the limit, never below 0");
    }

    @Test
    void aLimitGivenToALinkVisitedBeforeStartsFromThePeopleWhoCame() {
        String url = uniqueUrl("limited-later");
        String code = admin.created(body(url, "")).getString("code");
        for (int visit = 0; visit < 2; visit++) {
            assertRedirect(code, BROWSER, 302, url);
        }
        assertRedirect(code, BOT, 302, url);
        ClickStatsIT.await(
                () -> Api.json(admin.get("api/v1/links/" + code + "/stats")),
                stats -> stats.getInt("clicks") >= 2 && stats.getInt("botClicks") >= 1);

        assertLimits(
                patched("api/v1/links/" + code, "{\"maxVisits\":3}"),
                null,
                3,
                1,
                null,
                "the two people counted before (the bot not)");
        assertRedirect(code, BROWSER, 302, url);
        assertGone(visit(code, BROWSER), "Link expired");
    }

    @Test
    void aNewLimitCountsTheVisitsAlreadyMade() {
        String url = uniqueUrl("lowered");
        String code = admin.created(body(url, "\"maxVisits\":10")).getString("code");
        String path = "api/v1/links/" + code;
        for (int visit = 0; visit < 4; visit++) {
            assertRedirect(code, BROWSER, 302, url);
        }
        assertEquals(6, visitsLeft(code));

        assertLimits(patched(path, "{\"maxVisits\":5}"), null, 5, 1, null, "lowered to 5 after 4 visits");
        assertRedirect(code, BROWSER, 302, url);
        assertGone(visit(code, BROWSER), "Link expired");
        assertEquals(0, visitsLeft(code));

        assertLimits(patched(path, "{\"maxVisits\":3}"), null, 3, 0, null, "lowered below the 5 visits made");
        assertGone(visit(code, BROWSER), "Link expired");

        assertLimits(patched(path, "{\"maxVisits\":7}"), null, 7, 2, null, "raised to 7 after 5 visits");
        assertRedirect(code, BROWSER, 302, url);
        assertEquals(1, visitsLeft(code));

        assertLimits(patched(path, "{\"maxVisits\":null}"), null, null, null, null, "the limit removed");
        for (int visit = 0; visit < 3; visit++) {
            assertRedirect(code, BROWSER, 302, url);
        }
        assertLimits(admin.link(code), null, null, null, null, "no limit, nothing left to count");
    }

    /** Whatever the link's own redirect status, the fallback is a 302, and the short URL's query is not passed on. */
    @Test
    void aDisabledLinkSendsItsVisitorsToItsFallback() {
        String url = uniqueUrl("disabled");
        String fallback = uniqueUrl("disabled-fallback") + "?from=fuxi";
        String code = admin.created(body(url, "\"redirectStatus\":301," + fallbackUrl(fallback)))
                .getString("code");
        String path = "api/v1/links/" + code;
        assertRedirect(code, BOT, 301, url);

        assertEquals(200, admin.patch(path, "{\"enabled\":false}").statusCode());
        for (String visited : List.of(code, code, code + "?utm_source=x&k=1", code + "/")) {
            assertRedirect(visited, BROWSER, 302, fallback);
        }
        assertRedirect(code, BOT, 302, fallback);
        assertEquals(302, admin.follow(code).statusCode());

        assertEquals(200, admin.patch(path, "{\"fallbackUrl\":null}").statusCode());
        assertGone(visit(code, BROWSER), "Link disabled");
        assertEquals(200, admin.patch(path, "{\"enabled\":true}").statusCode());
        assertRedirect(code, BROWSER, 301, url);
    }

    @Test
    void aLinkOverItsLimitSendsItsVisitorsToItsFallback() {
        String url = uniqueUrl("over");
        String fallback = uniqueUrl("over-fallback");
        String code = admin.created(body(url, "\"maxVisits\":2," + fallbackUrl(fallback)))
                .getString("code");
        assertRedirect(code, BOT, 302, url);
        assertRedirect(code, BROWSER, 302, url);
        assertRedirect(code, BROWSER, 302, url);
        assertRedirect(code + "?utm_source=x", BROWSER, 302, fallback);
        assertRedirect(code, BROWSER, 302, fallback);
        assertRedirect(code, BOT, 302, fallback);
        assertLimits(admin.link(code), null, 2, 0, fallback, "over the limit");

        assertEquals(
                200,
                admin.patch("api/v1/links/" + code, "{\"fallbackUrl\":null}").statusCode());
        assertGone(visit(code, BROWSER), "Link expired");
    }

    @Test
    void aLinkNotValidYetOrExpiredSendsItsVisitorsToItsFallback() {
        Instant inAnHour = inWholeSeconds(Duration.ofHours(1));
        String laterUrl = uniqueUrl("later-with-fallback");
        String laterFallback = uniqueUrl("later-fallback");
        String later = admin.created(body(laterUrl, validSince(inAnHour) + "," + fallbackUrl(laterFallback)))
                .getString("code");
        String soonGoneUrl = uniqueUrl("soon-gone");
        String soonGoneFallback = uniqueUrl("soon-gone-fallback");
        String soonGone = admin.created(
                        body(soonGoneUrl, "\"expiresAt\":\"" + inAnHour + "\"," + fallbackUrl(soonGoneFallback)))
                .getString("code");
        String plainSoonGone = admin.created(body(uniqueUrl("plain-soon-gone"), "\"expiresAt\":\"" + inAnHour + "\""))
                .getString("code");

        assertRedirect(later + "?utm_source=x", BROWSER, 302, laterFallback);
        assertRedirect(later, BOT, 302, laterFallback);
        assertRedirect(soonGone, BROWSER, 302, soonGoneUrl);
        try {
            admin.moveClock(Duration.ofHours(2));
            assertRedirect(later, BROWSER, 302, laterUrl);
            assertRedirect(soonGone + "?utm_source=x", BROWSER, 302, soonGoneFallback);
            assertRedirect(soonGone, BOT, 302, soonGoneFallback);
            assertGone(visit(plainSoonGone, BROWSER), "Link expired");
        } finally {
            admin.clockBack();
        }
        assertRedirect(soonGone, BROWSER, 302, soonGoneUrl);
    }

    @Test
    void theHistoryRecordsChangesOfTheThreeFields() {
        String url = uniqueUrl("history");
        String code = admin.created(body(url, "\"maxVisits\":5")).getString("code");
        String path = "api/v1/links/" + code;
        Instant since = inWholeSeconds(Duration.ofDays(1));
        String fallback = uniqueUrl("history-fallback");
        assertRedirect(code, BROWSER, 302, url);
        assertEquals(4, visitsLeft(code));
        assertEquals(List.of("created"), actions(code), "a visit is no change");

        patched(path, "{" + validSince(since) + "}");
        patched(path, "{\"maxVisits\":8}");
        patched(path, "{\"maxVisits\":8}");
        patched(path, "{" + fallbackUrl(fallback) + "}");
        patched(path, "{\"validSince\":null,\"maxVisits\":null,\"fallbackUrl\":null}");

        List<JsonObject> entries = history(code);
        assertEquals(
                List.of("created", "changed", "changed", "changed", "changed"),
                entries.stream().map(entry -> entry.getString("action")).toList(),
                "the same maxVisits again is no change: " + entries);
        JsonObject made = normalized(entries.get(0).getJsonObject("after"));
        assertEquals(
                Json.createObjectBuilder()
                        .add("validSince", JsonValue.NULL)
                        .add("maxVisits", 5)
                        .add("fallbackUrl", JsonValue.NULL)
                        .build(),
                only(made, "validSince", "maxVisits", "fallbackUrl"),
                "the fields the link was made with, though all three have changed since: " + made);
        assertChange(entries.get(1), fields("validSince", JsonValue.NULL), fields("validSince", since.toString()));
        assertChange(entries.get(2), fields("maxVisits", 5), fields("maxVisits", 8));
        assertChange(entries.get(3), fields("fallbackUrl", JsonValue.NULL), fields("fallbackUrl", fallback));
        assertChange(
                entries.get(4),
                Json.createObjectBuilder()
                        .add("validSince", since.toString())
                        .add("maxVisits", 8)
                        .add("fallbackUrl", fallback)
                        .build(),
                Json.createObjectBuilder()
                        .add("validSince", JsonValue.NULL)
                        .add("maxVisits", JsonValue.NULL)
                        .add("fallbackUrl", JsonValue.NULL)
                        .build());
    }

    @Test
    void aLinkWithoutTheFieldsRedirectsAsBefore() {
        String url = uniqueUrl("as-before") + "?ref=a";
        JsonObject link = admin.created(body(url, ""));
        String code = link.getString("code");
        String path = "api/v1/links/" + code;
        assertUnset(link, "created");
        for (int visit = 0; visit < 5; visit++) {
            assertRedirect(code, BROWSER, 302, url);
            assertRedirect(code, BOT, 302, url);
        }
        assertRedirect(code + "?utm_source=x", BROWSER, 302, url + "&utm_source=x");
        HttpResponse<String> followed = admin.follow(code);
        assertEquals(302, followed.statusCode());
        assertEquals(url, followed.headers().firstValue("Location").orElseThrow());
        assertUnset(admin.link(code), "after visits by people and bots");

        assertEquals(200, admin.patch(path, "{\"enabled\":false}").statusCode());
        assertGone(visit(code, BROWSER), "Link disabled");
        assertEquals(200, admin.patch(path, "{\"enabled\":true}").statusCode());
        assertRedirect(code, BROWSER, 302, url);
        assertEquals(List.of("created", "disabled", "enabled"), actions(code));
    }

    // --- requests

    /** A create through JAX-RS (LinksResource) rather than ahead of it, as an Idempotency-Key sends it. */
    private static HttpResponse<String> createWithIdempotencyKey(Api api, String json) {
        return api.send(api.authorized("api/v1/links")
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", unique("limits-it"))
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    /** Both paths of a single create, by name: ahead of JAX-RS (SingleCreateFilter), and through it. */
    private static Map<String, Function<String, HttpResponse<String>>> bothPaths(Api api) {
        Map<String, Function<String, HttpResponse<String>>> paths = new LinkedHashMap<>();
        paths.put("a single create", api::create);
        paths.put("a create with an Idempotency-Key", json -> createWithIdempotencyKey(api, json));
        return paths;
    }

    private static JsonObject created(Function<String, HttpResponse<String>> create, String json, String how) {
        HttpResponse<String> answer = create.apply(json);
        assertEquals(201, answer.statusCode(), how + ": " + json + " -> " + answer.body());
        return Api.json(answer);
    }

    /** The bulk answer's results, one per item, in order. */
    private static List<JsonObject> bulkResults(Api api, List<String> items) {
        HttpResponse<String> answer = api.post("api/v1/links/bulk", "[" + String.join(",", items) + "]");
        assertEquals(200, answer.statusCode(), answer.body());
        List<JsonObject> results = Api.json(answer).getJsonArray("results").getValuesAs(JsonObject.class);
        assertEquals(items.size(), results.size(), answer.body());
        return results;
    }

    private JsonObject patched(String path, String json) {
        HttpResponse<String> patched = admin.patch(path, json);
        assertEquals(200, patched.statusCode(), json + " -> " + patched.body());
        return Api.json(patched);
    }

    private Integer visitsLeft(String code) {
        return number(admin.link(code), "visitsLeft");
    }

    private List<JsonObject> history(String code) {
        HttpResponse<String> history = admin.get("api/v1/links/" + code + "/history");
        assertEquals(200, history.statusCode(), history.body());
        return Api.json(history).getJsonArray("entries").getValuesAs(JsonObject.class);
    }

    private List<String> actions(String code) {
        return history(code).stream().map(entry -> entry.getString("action")).toList();
    }

    /** A GET of the short URL (with any query), not followed, as this User-Agent sends it. */
    private HttpResponse<String> visit(String path, String userAgent) {
        return admin.send(admin.request(path).header("User-Agent", userAgent).GET());
    }

    private void assertRedirect(String path, String userAgent, int status, String location) {
        HttpResponse<String> answer = visit(path, userAgent);
        assertEquals(status, answer.statusCode(), path + " as " + userAgent + ": " + answer.body());
        assertEquals(location, answer.headers().firstValue("Location").orElse(null), path + " as " + userAgent);
    }

    private long linksWithUrl(String url) {
        return rows.number("SELECT COUNT(*) FROM link WHERE url = ?", url);
    }

    // --- answers

    /** The "not valid yet" page: a 404 in HTML, like the other error pages, and no redirect. */
    private static void assertNotValidYet(HttpResponse<String> page) {
        assertEquals(404, page.statusCode(), page.body());
        assertTrue(
                page.headers().firstValue("Content-Type").orElseThrow().startsWith("text/html"),
                page.headers().toString());
        assertTrue(page.body().toLowerCase(Locale.ROOT).contains("not valid yet"), page.body());
        assertEquals(Optional.empty(), page.headers().firstValue("Location"));
    }

    /** A 410 with this error page in HTML, and no redirect. */
    private static void assertGone(HttpResponse<String> page, String heading) {
        assertEquals(410, page.statusCode(), page.body());
        assertTrue(
                page.headers().firstValue("Content-Type").orElseThrow().startsWith("text/html"),
                page.headers().toString());
        assertTrue(page.body().contains(heading), page.body());
        assertEquals(Optional.empty(), page.headers().firstValue("Location"));
    }

    /** The link's start (the instant, however written), limit, visits left and fallback; null where unset. */
    private static void assertLimits(
            JsonObject link,
            Instant validSince,
            Integer maxVisits,
            Integer visitsLeft,
            String fallbackUrl,
            String message) {
        String context = message + ": " + link;
        assertEquals(validSince, instant(link, "validSince"), context);
        assertEquals(maxVisits, number(link, "maxVisits"), context);
        assertEquals(visitsLeft, number(link, "visitsLeft"), context);
        assertEquals(fallbackUrl, text(link, "fallbackUrl"), context);
    }

    /** All four fields present, each null. */
    private static void assertUnset(JsonObject link, String message) {
        assertLimits(link, null, null, null, null, message);
    }

    /** A "changed" history entry, its before and after holding these fields (a date-time compared as its instant). */
    private static void assertChange(JsonObject entry, JsonObject before, JsonObject after) {
        assertEquals("changed", entry.getString("action"), entry.toString());
        assertEquals(before, normalized(entry.getJsonObject("before")), entry.toString());
        assertEquals(after, normalized(entry.getJsonObject("after")), entry.toString());
    }

    private static JsonValue field(JsonObject link, String name) {
        assertTrue(link.containsKey(name), "no " + name + " in " + link);
        return link.get(name);
    }

    private static Instant instant(JsonObject link, String name) {
        JsonValue value = field(link, name);
        if (value.getValueType() == JsonValue.ValueType.NULL) {
            return null;
        }
        assertEquals(JsonValue.ValueType.STRING, value.getValueType(), name + " in " + link);
        return OffsetDateTime.parse(((JsonString) value).getString()).toInstant();
    }

    private static Integer number(JsonObject link, String name) {
        JsonValue value = field(link, name);
        if (value.getValueType() == JsonValue.ValueType.NULL) {
            return null;
        }
        assertEquals(JsonValue.ValueType.NUMBER, value.getValueType(), name + " in " + link);
        return ((JsonNumber) value).intValueExact();
    }

    private static String text(JsonObject link, String name) {
        JsonValue value = field(link, name);
        if (value.getValueType() == JsonValue.ValueType.NULL) {
            return null;
        }
        assertEquals(JsonValue.ValueType.STRING, value.getValueType(), name + " in " + link);
        return ((JsonString) value).getString();
    }

    /** The fields with validSince written as Instant writes it, so that only the instant it names counts. */
    private static JsonObject normalized(JsonObject fields) {
        JsonObjectBuilder normalized = Json.createObjectBuilder();
        fields.forEach((name, value) -> normalized.add(
                name,
                name.equals("validSince") && value.getValueType() == JsonValue.ValueType.STRING
                        ? Json.createValue(OffsetDateTime.parse(((JsonString) value).getString())
                                .toInstant()
                                .toString())
                        : value));
        return normalized.build();
    }

    /** These fields of the object, each of which it must have. */
    private static JsonObject only(JsonObject fields, String... names) {
        JsonObjectBuilder only = Json.createObjectBuilder();
        for (String name : names) {
            only.add(name, field(fields, name));
        }
        return only.build();
    }

    private static JsonObject fields(String name, JsonValue value) {
        return Json.createObjectBuilder().add(name, value).build();
    }

    private static JsonObject fields(String name, String value) {
        return Json.createObjectBuilder().add(name, value).build();
    }

    private static JsonObject fields(String name, int value) {
        return Json.createObjectBuilder().add(name, value).build();
    }

    // --- request bodies

    /** A create's body: the URL and these other fields (JSON members, comma-separated; none when empty). */
    private static String body(String url, String fields) {
        return "{\"url\":\"" + url + "\"" + (fields.isEmpty() ? "" : "," + fields) + "}";
    }

    /** The validSince member, written with an offset of +02:00: the instant counts, not how it is written. */
    private static String validSince(Instant at) {
        return validSinceText(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(at.atOffset(ZoneOffset.ofHours(2))));
    }

    private static String validSinceText(String text) {
        return "\"validSince\":\"" + text + "\"";
    }

    private static String fallbackUrl(String url) {
        return "\"fallbackUrl\":\"" + url + "\"";
    }

    /** Now plus this much, in whole seconds: what the database keeps of it is all of it. */
    private static Instant inWholeSeconds(Duration fromNow) {
        return Instant.now().plus(fromNow).truncatedTo(ChronoUnit.SECONDS);
    }

    /** A word no other test (or run) uses. */
    private static String unique(String word) {
        return word + "-" + Long.toString(SERIAL.incrementAndGet(), 36);
    }

    private static String uniqueUrl(String word) {
        return "https://example.com/limits/" + unique(word);
    }
}
