package io.fuxi.it;

import static io.fuxi.it.Api.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Password-protected links (issue 63, part 3), as notes/passwords-contract.md has them: the password on creates (both
 * paths and each bulk item) and PATCH, {@code passwordProtected} in every link's JSON, its history and the CSV export;
 * and over real HTTP, never following a redirect, the form a protected link answers with, the 303 and the cookie a
 * right password gets, the 403, 400, 413, 415, 405 and 429 answers, with the deployment's clock moved where time
 * matters. Visits that must count are a browser's (Firefox's User-Agent).
 *
 * <p>Wrong passwords slow down per link and client address, and per address over all links. This deployment trusts
 * loopback as a proxy (as ClickStatsIT's does), so every test posts its passwords from a client address of its own in
 * X-Forwarded-For ({@link #newClient}): no test's wrong passwords count against another's, nor against 127.0.0.1, and
 * the class needs no budget of wrong attempts. Where a test waits out a throttle, it moves the clock instead.
 */
@Tag("deployed")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class LinkPasswordsIT {

    /** URLs, names and client addresses of this run only: every test class shares the database. */
    private static final AtomicLong SERIAL = new AtomicLong(System.nanoTime() & Long.MAX_VALUE);

    private static final String BROWSER = ClickStatsIT.FIREFOX;
    private static final String BOT = ClickStatsIT.GOOGLEBOT;
    private static final String BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

    private static final String COOKIE = "fuxi-pass";
    private static final String FORM = "application/x-www-form-urlencoded";
    private static final int COOKIE_SECONDS = 30 * 60;
    private static final String LENGTH_DETAIL = "password must be 8 to 128 characters";
    private static final Map<String, String> FORM_PAGE_HEADERS = Map.of(
            "Cache-Control",
            "no-store",
            "X-Robots-Tag",
            "noindex",
            "X-Frame-Options",
            "DENY",
            "X-Content-Type-Options",
            "nosniff",
            "Referrer-Policy",
            "no-referrer",
            "Content-Security-Policy",
            "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none';"
                    + " base-uri 'none'");

    @ArquillianResource
    URL base;

    private Api admin;

    private final Rows rows = new Rows(TestDatabase.dataSource("fuxi"));

    /** Behind a proxy on loopback, and with room for every check these tests make at once (see PasswordCheckBudget). */
    @Deployment(testable = false)
    static WebArchive behindAProxy() {
        return DeployedFuxi.warWithSettings(
                "fuxi.proxy.trusted=127.0.0.1,::1\nfuxi.links.password-checks-per-second=1000\n");
    }

    @BeforeEach
    void connect() throws URISyntaxException {
        admin = new Api(base.toURI());
    }

    @AfterEach
    void clockBack() {
        admin.clockBack();
    }

    // --- the API

    @Test
    void badPasswordsAreRefusedNamingPasswordAndWriteNoLink() {
        Map<String, String> refused = new LinkedHashMap<>(); // the password member -> the detail (null: a type's)
        refused.put(password("1234567"), LENGTH_DETAIL);
        refused.put(password("p".repeat(129)), LENGTH_DETAIL);
        refused.put(password(""), LENGTH_DETAIL);
        refused.put("\"password\":12345678", null);
        refused.put("\"password\":true", null);
        refused.put("\"password\":[\"12345678\"]", null);
        refused.forEach((member, detail) -> {
            String url = uniqueUrl("refused");
            String json = body(url, member);
            bothPaths(admin).forEach((how, create) -> assertRefused(create.apply(json), detail, how + ": " + json));
            JsonObject item = bulkResults(admin, List.of(json)).get(0);
            assertEquals(400, item.getInt("status"), "a bulk item " + json + " -> " + item);
            JsonObject problem = item.getJsonObject("problem");
            assertEquals("password", problem.getString("field"), item.toString());
            if (detail != null) {
                assertEquals(detail, problem.getString("detail"), item.toString());
            }
            assertEquals(0, linksWithUrl(url), "no link written for " + json);
        });
    }

    @Test
    void passwordsOfEightAndOf128CharactersAreTaken() {
        for (String password : List.of("8 chars!", "p".repeat(128))) {
            bothPaths(admin).forEach((how, create) -> {
                HttpResponse<String> answer = create.apply(body(uniqueUrl("bounds"), password(password)));
                assertEquals(201, answer.statusCode(), how + ": " + answer.body());
                assertProtection(Api.json(answer), true, how + ", " + password.length() + " characters");
            });
            JsonObject item = bulkResults(admin, List.of(body(uniqueUrl("bounds"), password(password))))
                    .get(0);
            assertEquals(201, item.getInt("status"), item.toString());
            assertProtection(item.getJsonObject("link"), true, "a bulk item, " + password.length() + " characters");
        }
        String url = uniqueUrl("eight");
        String code = protectedLink(url, "8 chars!", "");
        accepted(give(code, newClient(), "8 chars!"), url);
    }

    @Test
    void badPasswordsInAPatchAreRefusedAndChangeNothing() {
        String url = uniqueUrl("patch-refused");
        String password = newPassword();
        String code = protectedLink(url, password, "");
        String plain = admin.created(body(uniqueUrl("patch-refused-plain"), "")).getString("code");
        Map<String, String> refused = new LinkedHashMap<>();
        refused.put("{" + password("1234567") + "}", LENGTH_DETAIL);
        refused.put("{" + password("p".repeat(129)) + "}", LENGTH_DETAIL);
        refused.put("{" + password("") + "}", LENGTH_DETAIL);
        refused.put("{\"password\":12345678}", null);
        refused.put("{\"password\":false}", null);
        refused.put("{\"enabled\":false," + password("short") + "}", LENGTH_DETAIL);
        for (String changed : List.of(code, plain)) {
            JsonObject before = read(changed);
            int entries = history(changed).size();
            refused.forEach((json, detail) -> {
                assertRefused(admin.patch("api/v1/links/" + changed, json), detail, json);
                assertEquals(before, read(changed), "nothing written by " + json);
            });
            assertEquals(entries, history(changed).size(), "no history entry");
        }
        assertProtection(read(plain), false, "the plain link stays plain");
        accepted(give(code, newClient(), password), url); // the password is still the one it was
    }

    @Test
    void everyLinkAnswerSaysWhetherTheLinkIsProtectedAndNoneHasThePassword() {
        Api partner = admin.newPartner(unique("passwords-shape"));
        String password = newPassword();
        Map<String, Boolean> expected = new HashMap<>(); // code -> protected

        HttpResponse<String> direct = partner.create(body(uniqueUrl("direct"), password(password)));
        expected.put(assertCreated(direct, true, password, "a single create"), true);
        HttpResponse<String> plain = partner.create(body(uniqueUrl("plain"), ""));
        expected.put(assertCreated(plain, false, password, "a create without a password"), false);
        HttpResponse<String> nulled = partner.create(body(uniqueUrl("null"), "\"password\":null"));
        expected.put(assertCreated(nulled, false, password, "a create with the password null"), false);

        String key = unique("passwords-it");
        String idempotent = body(uniqueUrl("idempotent"), password(password));
        HttpResponse<String> first = createWithIdempotencyKey(partner, idempotent, key);
        String idempotentCode = assertCreated(first, true, password, "a create with an Idempotency-Key");
        expected.put(idempotentCode, true);
        HttpResponse<String> replayed = createWithIdempotencyKey(partner, idempotent, key);
        assertEquals(201, replayed.statusCode(), replayed.body());
        assertEquals(
                "true", replayed.headers().firstValue("Idempotent-Replayed").orElse(null));
        assertEquals(idempotentCode, Api.json(replayed).getString("code"));
        assertProtection(Api.json(replayed), true, "a replayed create");
        assertNoPassword(replayed, password);

        HttpResponse<String> bulk = partner.post(
                "api/v1/links/bulk",
                "[" + body(uniqueUrl("bulk"), password(password)) + "," + body(uniqueUrl("bulk-plain"), "") + "]");
        assertEquals(200, bulk.statusCode(), bulk.body());
        assertNoPassword(bulk, password);
        List<JsonObject> items = Api.json(bulk).getJsonArray("results").getValuesAs(JsonObject.class);
        assertEquals(
                List.of(201, 201),
                items.stream().map(item -> item.getInt("status")).toList(),
                bulk.body());
        assertProtection(items.get(0).getJsonObject("link"), true, "a bulk item with a password");
        assertProtection(items.get(1).getJsonObject("link"), false, "a bulk item without");
        expected.put(items.get(0).getJsonObject("link").getString("code"), true);
        expected.put(items.get(1).getJsonObject("link").getString("code"), false);

        expected.forEach((code, locked) -> {
            HttpResponse<String> read = partner.get("api/v1/links/" + code);
            assertEquals(200, read.statusCode(), read.body());
            assertProtection(Api.json(read), locked, "a read of " + code);
            assertNoPassword(read, password);
        });
        HttpResponse<String> list = partner.get("api/v1/links?size=100");
        assertEquals(200, list.statusCode(), list.body());
        assertNoPassword(list, password);
        List<JsonObject> listed = Api.json(list).getJsonArray("links").getValuesAs(JsonObject.class);
        assertEquals(expected.size(), listed.size(), list.body());
        for (JsonObject item : listed) {
            assertProtection(item, expected.get(item.getString("code")), "in the list");
        }

        String directCode = Api.json(direct).getString("code");
        String plainCode = Api.json(plain).getString("code");
        assertPatched(partner, directCode, "{\"enabled\":false}", true, password);
        assertPatched(partner, plainCode, "{\"enabled\":false}", false, password);
        assertPatched(partner, plainCode, "{" + password(password) + "}", true, password);
        assertPatched(partner, directCode, "{\"password\":null}", false, password);
    }

    /** The same key shortening the same URL again gets its recent link back, unless the create has a password. */
    @Test
    void aCreateWithAPasswordNeverGetsTheRecentLinkForItsUrlBack() {
        Api partner = admin.newPartner(unique("passwords-recent"));
        String url = uniqueUrl("recent");
        String plain = partner.created(body(url, "")).getString("code");
        Set<String> codes = new HashSet<>(Set.of(plain));
        String samePassword = newPassword();
        for (int round = 0; round < 2; round++) { // the same password twice is no reason to answer alike either
            bothPaths(partner).forEach((how, create) -> {
                HttpResponse<String> answer = create.apply(body(url, password(samePassword)));
                assertEquals(201, answer.statusCode(), how + ": " + answer.body());
                assertTrue(codes.add(Api.json(answer).getString("code")), how + ": a new link");
                assertProtection(Api.json(answer), true, how);
            });
        }
        JsonObject item =
                bulkResults(partner, List.of(body(url, password(samePassword)))).get(0);
        assertEquals(201, item.getInt("status"), item.toString());
        assertTrue(codes.add(item.getJsonObject("link").getString("code")), "a bulk item: a new link");

        HttpResponse<String> again = partner.create(body(url, ""));
        assertEquals(200, again.statusCode(), "without a password, the plain recent link: " + again.body());
        assertEquals(plain, Api.json(again).getString("code"));
        assertProtection(Api.json(again), false, "the recent link");
        assertEquals(codes.size(), linksWithUrl(url));
    }

    @Test
    void aCreateWithoutAPasswordNeverGetsAProtectedLinkBack() {
        Api partner = admin.newPartner(unique("passwords-locked-recent"));
        bothPaths(partner).forEach((how, create) -> {
            String url = uniqueUrl("locked-recent");
            String locked = partner.created(body(url, password(newPassword()))).getString("code");
            HttpResponse<String> answer = create.apply(body(url, ""));
            assertEquals(201, answer.statusCode(), how + ": a new link, not the protected one: " + answer.body());
            assertNotEquals(locked, Api.json(answer).getString("code"), how);
            assertProtection(Api.json(answer), false, how);
        });
        String url = uniqueUrl("locked-recent-bulk");
        String locked = partner.created(body(url, password(newPassword()))).getString("code");
        JsonObject item = bulkResults(partner, List.of(body(url, ""))).get(0);
        assertEquals(201, item.getInt("status"), item.toString());
        assertNotEquals(locked, item.getJsonObject("link").getString("code"), "a bulk item");
        assertProtection(item.getJsonObject("link"), false, "a bulk item");
    }

    @Test
    void theHistorySaysSetReplacedOrNullAndNeverThePassword() {
        String first = newPassword();
        String second = newPassword();
        String code = admin.created(body(uniqueUrl("history"), "")).getString("code");
        String path = "api/v1/links/" + code;
        patched(path, "{" + password(first) + "}");
        patched(path, "{" + password(second) + "}");
        patched(path, "{\"password\":null}");

        HttpResponse<String> answer = admin.get(path + "/history");
        assertEquals(200, answer.statusCode(), answer.body());
        assertNoPassword(answer, first);
        assertNoPassword(answer, second);
        List<JsonObject> entries = Api.json(answer).getJsonArray("entries").getValuesAs(JsonObject.class);
        assertEquals(
                List.of("created", "changed", "changed", "changed"),
                entries.stream().map(entry -> entry.getString("action")).toList(),
                answer.body());
        assertEquals(JsonValue.NULL, field(entries.get(0).getJsonObject("after"), "password"), "made without one");
        JsonValue set = Json.createValue("set");
        assertChange(entries.get(1), fields("password", JsonValue.NULL), fields("password", set));
        assertChange(entries.get(2), fields("password", set), fields("password", Json.createValue("replaced")));
        assertChange(entries.get(3), fields("password", set), fields("password", JsonValue.NULL));

        String made = newPassword();
        String locked = protectedLink(uniqueUrl("history-made"), made, "");
        HttpResponse<String> madeHistory = admin.get("api/v1/links/" + locked + "/history");
        assertEquals(200, madeHistory.statusCode(), madeHistory.body());
        assertNoPassword(madeHistory, made);
        List<JsonObject> madeEntries =
                Api.json(madeHistory).getJsonArray("entries").getValuesAs(JsonObject.class);
        assertEquals(1, madeEntries.size(), madeHistory.body());
        assertEquals("created", madeEntries.get(0).getString("action"));
        assertEquals(set, field(madeEntries.get(0).getJsonObject("after"), "password"), madeHistory.body());
    }

    /** The export's rows are cut at commas: none of its cells here (codes, example.com URLs, no tags) holds one. */
    // --- the form

    @Test
    void aProtectedLinkAnswersWithAPasswordFormInsteadOfARedirect() {
        String url = uniqueUrl("asks");
        String code = protectedLink(url, newPassword(), "");
        for (String path : List.of(code, code, code + "?utm_source=x", code + "/")) { // loaded, then from the cache
            assertFormPage(visit(path), 200, url);
        }
        assertFormPage(admin.send(admin.request(code).header("User-Agent", BOT).GET()), 200, url);
        assertFormPage(admin.follow(code), 200, url);
        assertFormPage(admin.send(browser(code).header("Accept", BROWSER_ACCEPT).GET()), 200, url);

        HttpResponse<String> head = head(code, null);
        assertEquals(200, head.statusCode());
        assertFormHeaders(head);
        assertEquals("", head.body());

        HttpResponse<String> json =
                admin.send(browser(code).header("Accept", "application/json").GET());
        assertProblem(json, 401, null);
        assertNoRedirect(json);
        assertFalse(json.body().contains(lastSegment(url)), json.body());
    }

    @Test
    void theRightPasswordLeadsOnWithA303AndACookieForThatLinkOnly() {
        String url = uniqueUrl("right");
        String password = "right & proper = " + unique("pw"); // form-encoded, with '&', '=' and spaces
        String code = protectedLink(url, password, "");
        String otherUrl = uniqueUrl("right-other");
        String other = protectedLink(otherUrl, password, "");

        HttpResponse<String> right = give(code, newClient(), password);
        String cookie = accepted(right, url);
        PassCookie set = passCookie(right);
        assertTrue(set.pair().length() > (COOKIE + "=").length(), "a value: " + set.pair());
        assertEquals(
                Map.of(
                        "path",
                        contextPath() + "/" + code,
                        "max-age",
                        String.valueOf(COOKIE_SECONDS),
                        "httponly",
                        "",
                        "samesite",
                        "Lax"),
                set.attributes(),
                "the attributes, and no Secure over http: " + right.headers().allValues("Set-Cookie"));

        assertRedirect(visit(code, cookie), 302, url);
        assertRedirect(visit(code + "?utm_source=x", cookie), 302, url + "?utm_source=x");
        HttpResponse<String> head = head(code, cookie);
        assertRedirect(head, 302, url);
        assertEquals("", head.body());
        assertFormPage(visit(other, cookie), 200, otherUrl); // not even a link with the same password
        assertFormPage(visit(code), 200, url); // without the cookie, the form again
    }

    @Test
    void theQueryOfThePostGoesOnOnlyWhenTheLinkForwardsQueries() {
        String password = newPassword();
        String client = newClient();
        String url = uniqueUrl("forwards");
        String forwards = protectedLink(url, password, "\"forwardQuery\":true,\"redirectStatus\":301");
        String cookie = accepted(give(forwards + "?a=1", client, password), url + "?a=1");
        assertRedirect(visit(forwards + "?b=2", cookie), 301, url + "?b=2"); // with the cookie, the link's own status

        String keptUrl = uniqueUrl("keeps");
        String keeps = protectedLink(keptUrl, password, "\"forwardQuery\":false");
        accepted(give(keeps + "?a=1", client, password), keptUrl);
    }

    @Test
    void aGarbledTruncatedOrForgedCookieGetsTheForm() {
        String url = uniqueUrl("garbled");
        String password = newPassword();
        String code = protectedLink(url, password, "");
        String cookie = accepted(give(code, newClient(), password), url);
        assertRedirect(visit(code, cookie), 302, url);

        String value = cookie.substring((COOKIE + "=").length());
        int middle = value.length() / 2;
        List<String> bad = List.of(
                value.substring(0, middle) + (value.charAt(middle) == 'A' ? 'B' : 'A') + value.substring(middle + 1),
                value.substring(0, middle),
                value.substring(0, value.length() - 1),
                value + "A",
                "",
                "forged",
                "4102444800." + "A".repeat(43));
        for (String forged : bad) {
            assertFormPage(visit(code, COOKIE + "=" + forged), 200, url);
        }
        assertRedirect(visit(code, cookie), 302, url); // the real one still works
    }

    @Test
    void aNewPasswordMakesTheCookieOfTheOldOneWorthless() {
        String url = uniqueUrl("changed");
        String first = newPassword();
        String second = newPassword();
        String code = protectedLink(url, first, "");
        String path = "api/v1/links/" + code;
        String client = newClient();
        String firstCookie = accepted(give(code, client, first), url);
        assertRedirect(visit(code, firstCookie), 302, url);

        assertProtection(patched(path, "{" + password(second) + "}"), true, "a new password");
        assertFormPage(visit(code, firstCookie), 200, url);
        assertWrong(give(code, client, first), url);
        String secondCookie = accepted(give(code, client, second), url);
        assertRedirect(visit(code, secondCookie), 302, url);

        patched(path, "{\"password\":null}");
        patched(path, "{" + password(second) + "}"); // removed and set again, to the same password
        assertFormPage(visit(code, secondCookie), 200, url);
        assertRedirect(visit(code, accepted(give(code, client, second), url)), 302, url);
    }

    @Test
    void theCookieLastsThePasswordMinutesOfTheDeploymentsClock() {
        String url = uniqueUrl("minutes");
        String password = newPassword();
        String code = protectedLink(url, password, "");
        String client = newClient();
        String cookie = accepted(give(code, client, password), url);

        admin.moveClock(Duration.ofMinutes(29));
        assertRedirect(visit(code, cookie), 302, url);
        admin.moveClock(Duration.ofMinutes(31));
        assertFormPage(visit(code, cookie), 200, url);
        assertRedirect(visit(code, accepted(give(code, client, password), url)), 302, url);
    }

    @Test
    void removingThePasswordMakesTheLinkRedirectAgain() {
        String url = uniqueUrl("removed");
        String password = newPassword();
        String code = protectedLink(url, password, "");
        String path = "api/v1/links/" + code;
        assertFormPage(visit(code), 200, url);

        assertProtection(patched(path, "{\"password\":null}"), false, "removed");
        assertProtection(read(code), false, "removed, read back");
        assertRedirect(visit(code), 302, url);
        assertMethodNotAllowed(give(code, newClient(), password));

        assertProtection(patched(path, "{" + password(password) + "}"), true, "set again");
        assertFormPage(visit(code), 200, url);
    }

    // --- posting a password

    @Test
    void aWrongPasswordGetsTheFormAgainWith403() {
        String url = uniqueUrl("wrong");
        String password = newPassword();
        String code = protectedLink(url, password, "");
        String client = newClient();
        assertWrong(give(code, client, password + "x"), url);
        assertWrong(give(code, client, password.toUpperCase(Locale.ROOT)), url);
        accepted(give(code, client, password), url);
    }

    @Test
    void aMissingOrEmptyPasswordGets400AndCountsAsNoFailure() {
        String url = uniqueUrl("missing");
        String password = newPassword();
        String code = protectedLink(url, password, "");
        String client = newClient();
        for (int round = 0; round < 2; round++) { // eight in all: more than the five failures a link allows
            for (String form : List.of("", "password=", "other=1", "password=&other=1")) {
                HttpResponse<String> missing = post(code, client, FORM, form);
                assertFormPage(missing, 400, url);
                assertTrue(missing.body().contains("Enter the password"), missing.body());
            }
        }
        accepted(give(code, client, password), url);
    }

    @Test
    void afterFiveWrongPasswordsEvenTheRightOneMustWait() {
        String password = newPassword();
        String url = uniqueUrl("throttled");
        String code = protectedLink(url, password, "");
        String otherUrl = uniqueUrl("throttled-other");
        String other = protectedLink(otherUrl, password, "");
        String guesser = newClient();
        for (int attempt = 0; attempt < 5; attempt++) {
            assertWrong(give(code, guesser, wrong(password)), url);
        }
        assertThrottled(give(code, guesser, password), 1);

        accepted(give(code, newClient(), password), url); // another address is not kept waiting
        accepted(give(other, guesser, password), otherUrl); // nor is this one on another link
        admin.moveClock(Duration.ofMinutes(1));
        accepted(give(code, guesser, password), url);
    }

    @Test
    void theWaitDoublesWithEachWrongPasswordAfterIt() {
        String password = newPassword();
        String url = uniqueUrl("doubled");
        String code = protectedLink(url, password, "");
        String guesser = newClient();
        for (int attempt = 0; attempt < 5; attempt++) {
            assertWrong(give(code, guesser, wrong(password)), url);
        }
        assertThrottled(give(code, guesser, wrong(password)), 1); // refused unchecked: counts as no sixth

        admin.moveClock(Duration.ofMinutes(1));
        assertWrong(give(code, guesser, wrong(password)), url);
        assertThrottled(give(code, guesser, password), 2);
        admin.moveClock(Duration.ofMinutes(2));
        accepted(give(code, guesser, password), url);
    }

    /** Four wrong passwords for each of five links: none reaches a link's five, but the address has made twenty. */
    @Test
    void twentyWrongPasswordsOverAnyLinksMakeTheAddressWait() {
        String password = newPassword();
        Map<String, String> guessed = new LinkedHashMap<>(); // code -> URL
        for (int link = 0; link < 5; link++) {
            String url = uniqueUrl("guessed");
            guessed.put(protectedLink(url, password, ""), url);
        }
        String url = uniqueUrl("guessed-last");
        String code = protectedLink(url, password, "");
        String guesser = newClient();
        guessed.forEach((each, eachUrl) -> {
            for (int attempt = 0; attempt < 4; attempt++) {
                assertWrong(give(each, guesser, wrong(password)), eachUrl);
            }
        });
        assertThrottled(give(code, guesser, password), 1);

        accepted(give(code, newClient(), password), url);
        admin.moveClock(Duration.ofMinutes(1));
        accepted(give(code, guesser, password), url);
    }

    /** A form with the right password, padded out with another field: 4096 bytes are taken, one more is not. */
    @Test
    void aBodyOver4096BytesIs413AndAnotherContentTypeIs415() {
        String url = uniqueUrl("shapes");
        String password = newPassword();
        String code = protectedLink(url, password, "");
        String client = newClient();
        String right = "password=" + URLEncoder.encode(password, StandardCharsets.UTF_8) + "&pad=";
        String atTheLimit = right + "x".repeat(4096 - right.length());

        HttpResponse<String> over = post(code, client, FORM, atTheLimit + "x");
        assertEquals(413, over.statusCode(), over.body());
        assertNoRedirect(over);
        assertNoPassCookie(over);
        Map<String, String> others = Map.of(
                "text/plain", right,
                "application/json", "{" + password(password) + "}",
                "multipart/form-data; boundary=x", right);
        others.forEach((type, body) -> {
            HttpResponse<String> refused = post(code, client, type, body);
            assertEquals(415, refused.statusCode(), type + ": " + refused.body());
            assertNoRedirect(refused);
            assertNoPassCookie(refused);
        });
        accepted(post(code, client, FORM, atTheLimit), url);
    }

    @Test
    void aPostToALinkWithoutAPasswordOrToNoLinkIs405() {
        String url = uniqueUrl("plain");
        String plain = admin.created(body(url, "")).getString("code");
        String client = newClient();
        assertMethodNotAllowed(give(plain, client, newPassword()));
        assertMethodNotAllowed(give("no-" + Long.toString(SERIAL.incrementAndGet(), 36), client, newPassword()));
        assertRedirect(visit(plain), 302, url);
    }

    // --- a protected link that does not redirect

    @Test
    void aDisabledProtectedLinkAnswersAsAPlainOne() {
        String url = uniqueUrl("disabled");
        String code = protectedLink(url, newPassword(), "");
        String path = "api/v1/links/" + code;
        patched(path, "{\"enabled\":false}");
        assertGone(visit(code), "Link disabled");
        assertProblem(asJson(code), 410, null);

        String fallback = uniqueUrl("disabled-fallback");
        patched(path, "{\"fallbackUrl\":\"" + fallback + "\"}");
        assertRedirect(visit(code), 302, fallback);
        patched(path, "{\"enabled\":true}");
        assertFormPage(visit(code), 200, url);
    }

    @Test
    void aProtectedLinkNotValidYetOrExpiredAnswersAsAPlainOne() {
        Instant inAnHour = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS);
        String password = newPassword();
        String laterUrl = uniqueUrl("later");
        String later = protectedLink(laterUrl, password, "\"validSince\":\"" + inAnHour + "\"");
        String soonGoneUrl = uniqueUrl("soon-gone");
        String soonGone = protectedLink(soonGoneUrl, password, "\"expiresAt\":\"" + inAnHour + "\"");
        assertNotValidYet(visit(later));
        assertFormPage(visit(soonGone), 200, soonGoneUrl);

        admin.moveClock(Duration.ofHours(2));
        assertFormPage(visit(later), 200, laterUrl);
        assertGone(visit(soonGone), "Link expired");
        assertProblem(asJson(soonGone), 410, null);
    }

    @Test
    void aProtectedLinkToABlockedHostAnswersAsAPlainOne() {
        String host = unique("blocked-protected") + ".example";
        String url = "https://" + host + "/page";
        String code = protectedLink(url, newPassword(), "");
        assertFormPage(visit(code), 200, url);
        HttpResponse<String> rule = admin.post("api/v1/destinations", "{\"host\":\"" + host + "\",\"kind\":\"block\"}");
        assertEquals(201, rule.statusCode(), rule.body());
        try {
            assertGone(visit(code), "Link blocked");
        } finally {
            assertEquals(
                    204,
                    admin.delete("api/v1/destinations/" + Api.json(rule).getJsonNumber("id"))
                            .statusCode());
        }
        assertFormPage(visit(code), 200, url);
    }

    @Test
    void aRightPasswordUsesAVisitAndOverTheLimitTheLinkAnswersAsExpired() {
        String url = uniqueUrl("limited");
        String password = newPassword();
        String code = protectedLink(url, password, "\"maxVisits\":1");
        assertFormPage(visit(code), 200, url);
        assertFormPage(visit(code), 200, url);
        assertEquals(1, read(code).getInt("visitsLeft"), "the form uses no visit");

        String cookie = accepted(give(code, newClient(), password), url);
        assertEquals(0, read(code).getInt("visitsLeft"), "the right password used it");
        HttpResponse<String> second = give(code, newClient(), password);
        assertGone(second, "Link expired");
        assertNoPassCookie(second);
        assertGone(visit(code), "Link expired");
        assertGone(visit(code, cookie), "Link expired");
    }

    // --- clicks

    @Test
    void aRightPasswordCountsAClickAndTheFormDoesNot() {
        String url = uniqueUrl("counted");
        String password = newPassword();
        String code = protectedLink(url, password, "");
        String client = newClient();
        for (int i = 0; i < 3; i++) {
            assertFormPage(visit(code), 200, url);
        }
        assertEquals(200, head(code, null).statusCode());
        assertWrong(give(code, client, wrong(password)), url);
        String cookie = accepted(give(code, client, password), url);

        JsonObject stats = awaitStats(code, counted(1));
        assertEquals(1, stats.getInt("clicks"), "the right password alone: " + stats);
        assertEquals(0, stats.getInt("botClicks"), stats.toString());
        assertRedirect(visit(code, cookie), 302, url);
        stats = awaitStats(code, counted(2));
        assertEquals(2, stats.getInt("clicks"), "and the redirect with the cookie: " + stats);
        assertEquals(2, read(code).getInt("totalClicks"));
    }

    // --- requests

    /** A request for the short URL (with any query) as Firefox sends it. */
    private HttpRequest.Builder browser(String path) {
        return admin.request(path).header("User-Agent", BROWSER);
    }

    private HttpResponse<String> visit(String path) {
        return admin.send(browser(path).GET());
    }

    /** A GET that sends this cookie back ({@code name=value}). */
    private HttpResponse<String> visit(String path, String cookie) {
        return admin.send(browser(path).header("Cookie", cookie).GET());
    }

    /** A HEAD, with this cookie when not null. */
    private HttpResponse<String> head(String path, String cookie) {
        HttpRequest.Builder head = browser(path);
        if (cookie != null) {
            head.header("Cookie", cookie);
        }
        return admin.send(head.method("HEAD", HttpRequest.BodyPublishers.noBody()));
    }

    /** A GET from a client that asks for JSON only. */
    private HttpResponse<String> asJson(String path) {
        return admin.send(browser(path).header("Accept", "application/json").GET());
    }

    /** A POST to the short URL from this client address, forwarded by the trusted proxy (loopback). */
    private HttpResponse<String> post(String path, String client, String contentType, String body) {
        return admin.send(browser(path)
                .header("X-Forwarded-For", client)
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** The form posted with this password, as a browser encodes it. */
    private HttpResponse<String> give(String path, String client, String password) {
        return post(path, client, FORM, "password=" + URLEncoder.encode(password, StandardCharsets.UTF_8));
    }

    /** A create through JAX-RS (LinksResource) rather than ahead of it, as an Idempotency-Key sends it. */
    private static HttpResponse<String> createWithIdempotencyKey(Api api, String json, String key) {
        return api.send(api.authorized("api/v1/links")
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", key)
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    /** Both paths of a single create, by name: ahead of JAX-RS (SingleCreateFilter), and through it. */
    private static Map<String, Function<String, HttpResponse<String>>> bothPaths(Api api) {
        Map<String, Function<String, HttpResponse<String>>> paths = new LinkedHashMap<>();
        paths.put("a single create", api::create);
        paths.put(
                "a create with an Idempotency-Key",
                json -> createWithIdempotencyKey(api, json, unique("passwords-it")));
        return paths;
    }

    /** The bulk answer's results, one per item, in order. */
    private static List<JsonObject> bulkResults(Api api, List<String> items) {
        HttpResponse<String> answer = api.post("api/v1/links/bulk", "[" + String.join(",", items) + "]");
        assertEquals(200, answer.statusCode(), answer.body());
        List<JsonObject> results = Api.json(answer).getJsonArray("results").getValuesAs(JsonObject.class);
        assertEquals(items.size(), results.size(), answer.body());
        return results;
    }

    /** A link with this password and these other fields (JSON members, comma-separated; none when empty). */
    private String protectedLink(String url, String password, String fields) {
        JsonObject link = admin.created(body(url, password(password) + (fields.isEmpty() ? "" : "," + fields)));
        assertProtection(link, true, "created with a password");
        return link.getString("code");
    }

    private JsonObject read(String code) {
        HttpResponse<String> read = admin.get("api/v1/links/" + code);
        assertEquals(200, read.statusCode(), read.body());
        return Api.json(read);
    }

    private JsonObject patched(String path, String json) {
        HttpResponse<String> patched = admin.patch(path, json);
        assertEquals(200, patched.statusCode(), json + " -> " + patched.body());
        return Api.json(patched);
    }

    private List<JsonObject> history(String code) {
        HttpResponse<String> history = admin.get("api/v1/links/" + code + "/history");
        assertEquals(200, history.statusCode(), history.body());
        return Api.json(history).getJsonArray("entries").getValuesAs(JsonObject.class);
    }

    private long linksWithUrl(String url) {
        return rows.number("SELECT COUNT(*) FROM link WHERE url = ?", url);
    }

    /** The link's stats once they pass the test: clicks are flushed every second in this suite. */
    private JsonObject awaitStats(String code, Predicate<JsonObject> done) {
        return ClickStatsIT.await(
                () -> {
                    HttpResponse<String> stats = admin.get("api/v1/links/" + code + "/stats");
                    assertEquals(200, stats.statusCode(), stats.body());
                    return Api.json(stats);
                },
                done);
    }

    private static Predicate<JsonObject> counted(int clicks) {
        return stats -> stats.getInt("clicks") + stats.getInt("botClicks") >= clicks;
    }

    /** The context root the deployment's paths start with ("" at the root), as a cookie's Path has it. */
    private String contextPath() {
        return base.getPath().replaceAll("/$", "");
    }

    // --- answers

    /** The password form with this status, as HTML with its headers, and neither the link's URL nor a redirect. */
    private static void assertFormPage(HttpResponse<String> page, int status, String url) {
        assertEquals(status, page.statusCode(), page.body());
        assertFormHeaders(page);
        assertTrue(page.body().contains("<form method=\"post\""), page.body());
        assertTrue(page.body().contains("<input type=\"password\" name=\"password\""), page.body());
        assertFalse(page.body().contains(url), "the page never says where the link leads: " + page.body());
        assertFalse(page.body().contains(lastSegment(url)), "the page never says where the link leads: " + page.body());
    }

    private static void assertFormHeaders(HttpResponse<String> page) {
        assertTrue(
                page.headers().firstValue("Content-Type").orElse("").startsWith("text/html"),
                page.headers().toString());
        FORM_PAGE_HEADERS.forEach((name, value) ->
                assertEquals(value, page.headers().firstValue(name).orElse(null), name + ": " + page.headers()));
        assertNoRedirect(page);
        assertNoPassCookie(page);
    }

    private static void assertWrong(HttpResponse<String> page, String url) {
        assertFormPage(page, 403, url);
        assertTrue(page.body().contains("Wrong password"), page.body());
    }

    /** Refused without a check: a 429 saying so, with the wait in whole seconds. */
    private static void assertThrottled(HttpResponse<String> page, long seconds) {
        assertEquals(429, page.statusCode(), page.body());
        assertEquals(
                String.valueOf(seconds),
                page.headers().firstValue("Retry-After").orElse(null));
        assertTrue(page.body().contains("Too many wrong passwords"), page.body());
        assertNoRedirect(page);
        assertNoPassCookie(page);
    }

    /** The 303 of a right password, to this location, not to be cached; the cookie it sets, as sent back. */
    private static String accepted(HttpResponse<String> answer, String location) {
        assertEquals(303, answer.statusCode(), answer.body());
        assertEquals(location, answer.headers().firstValue("Location").orElse(null));
        assertEquals("no-store", answer.headers().firstValue("Cache-Control").orElse(null));
        return passCookie(answer).pair();
    }

    private static void assertRedirect(HttpResponse<String> answer, int status, String location) {
        assertEquals(status, answer.statusCode(), answer.body());
        assertEquals(location, answer.headers().firstValue("Location").orElse(null));
    }

    private static void assertMethodNotAllowed(HttpResponse<String> answer) {
        assertEquals(405, answer.statusCode(), answer.body());
        assertEquals("GET, HEAD", answer.headers().firstValue("Allow").orElse(null));
        assertNoRedirect(answer);
        assertNoPassCookie(answer);
    }

    /** A 410 with this error page in HTML, no redirect and no form. */
    private static void assertGone(HttpResponse<String> page, String heading) {
        assertEquals(410, page.statusCode(), page.body());
        assertTrue(
                page.headers().firstValue("Content-Type").orElse("").startsWith("text/html"),
                page.headers().toString());
        assertTrue(page.body().contains(heading), page.body());
        assertNoRedirect(page);
        assertNoForm(page);
    }

    /** The "not valid yet" page: a 404 in HTML, no redirect and no form. */
    private static void assertNotValidYet(HttpResponse<String> page) {
        assertEquals(404, page.statusCode(), page.body());
        assertTrue(page.body().toLowerCase(Locale.ROOT).contains("not valid yet"), page.body());
        assertNoRedirect(page);
        assertNoForm(page);
    }

    private static void assertNoForm(HttpResponse<String> page) {
        assertFalse(page.body().contains("type=\"password\""), page.body());
    }

    private static void assertNoRedirect(HttpResponse<String> answer) {
        assertEquals(
                Optional.empty(),
                answer.headers().firstValue("Location"),
                answer.headers().toString());
    }

    private static void assertNoPassCookie(HttpResponse<String> answer) {
        assertEquals(List.of(), passCookies(answer), answer.headers().toString());
    }

    /** The one password cookie the answer sets: its {@code name=value}, and its attributes by lower-case name. */
    private static PassCookie passCookie(HttpResponse<String> answer) {
        List<String> set = passCookies(answer);
        assertEquals(1, set.size(), answer.headers().toString());
        String[] parts = set.get(0).split(";");
        Map<String, String> attributes = new HashMap<>();
        for (int i = 1; i < parts.length; i++) {
            String part = parts[i].strip();
            int equals = part.indexOf('=');
            attributes.put(
                    (equals < 0 ? part : part.substring(0, equals)).toLowerCase(Locale.ROOT),
                    equals < 0 ? "" : part.substring(equals + 1));
        }
        return new PassCookie(parts[0].strip(), attributes);
    }

    private static List<String> passCookies(HttpResponse<String> answer) {
        return answer.headers().allValues("Set-Cookie").stream()
                .filter(cookie -> cookie.startsWith(COOKIE + "="))
                .toList();
    }

    private record PassCookie(String pair, Map<String, String> attributes) {}

    /** A 400 problem naming password, with this detail (when not null). */
    private static void assertRefused(HttpResponse<String> answer, String detail, String message) {
        assertEquals(400, answer.statusCode(), message + " -> " + answer.body());
        assertProblem(answer, 400, "password");
        if (detail != null) {
            assertEquals(detail, Api.json(answer).getString("detail"), message);
        }
    }

    /** A 201 whose link is protected or not, and never shows the password; its code. */
    private static String assertCreated(HttpResponse<String> answer, boolean locked, String password, String how) {
        assertEquals(201, answer.statusCode(), how + ": " + answer.body());
        assertProtection(Api.json(answer), locked, how);
        assertNoPassword(answer, password);
        return Api.json(answer).getString("code");
    }

    private static void assertPatched(Api api, String code, String json, boolean locked, String password) {
        HttpResponse<String> patched = api.patch("api/v1/links/" + code, json);
        assertEquals(200, patched.statusCode(), json + " -> " + patched.body());
        assertProtection(Api.json(patched), locked, "a PATCH answer to " + json);
        assertNoPassword(patched, password);
    }

    /** passwordProtected true or false, and no member of the password or any hash. */
    private static void assertProtection(JsonObject link, boolean locked, String message) {
        String context = message + ": " + link;
        assertEquals(
                locked ? JsonValue.ValueType.TRUE : JsonValue.ValueType.FALSE,
                field(link, "passwordProtected").getValueType(),
                context);
        assertFalse(link.containsKey("password"), context);
        assertTrue(
                link.keySet().stream()
                        .noneMatch(name -> name.toLowerCase(Locale.ROOT).contains("hash")),
                context);
    }

    private static void assertNoPassword(HttpResponse<String> answer, String password) {
        assertFalse(answer.body().contains(password), "the password in " + answer.body());
    }

    /** A "changed" history entry, its before and after holding exactly these fields. */
    private static void assertChange(JsonObject entry, JsonObject before, JsonObject after) {
        assertEquals("changed", entry.getString("action"), entry.toString());
        assertEquals(before, entry.getJsonObject("before"), entry.toString());
        assertEquals(after, entry.getJsonObject("after"), entry.toString());
    }

    private static JsonValue field(JsonObject fields, String name) {
        assertTrue(fields.containsKey(name), "no " + name + " in " + fields);
        return fields.get(name);
    }

    private static JsonObject fields(String name, JsonValue value) {
        return Json.createObjectBuilder().add(name, value).build();
    }

    // --- values

    /** A create's body: the URL and these other fields (JSON members, comma-separated; none when empty). */
    private static String body(String url, String fields) {
        return "{\"url\":\"" + url + "\"" + (fields.isEmpty() ? "" : "," + fields) + "}";
    }

    private static String password(String value) {
        return "\"password\":" + Json.createValue(value);
    }

    /** A password of this run only, so that finding it anywhere means it was written there. */
    private static String newPassword() {
        return unique("Sesame");
    }

    private static String wrong(String password) {
        return password + "-not";
    }

    /** A client address of one test alone, in 10/8 (no country), for X-Forwarded-For. */
    private static String newClient() {
        long n = SERIAL.incrementAndGet();
        return "10." + (n >> 16 & 0xFF) + "." + (n >> 8 & 0xFF) + "." + (n & 0xFF);
    }

    /** A word no other test (or run) uses. */
    private static String unique(String word) {
        return word + "-" + Long.toString(SERIAL.incrementAndGet(), 36);
    }

    private static String uniqueUrl(String word) {
        return "https://example.com/passwords/" + unique(word);
    }

    private static String lastSegment(String url) {
        return url.substring(url.lastIndexOf('/') + 1);
    }
}
