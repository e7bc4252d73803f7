package io.fuxi.it;

import static io.fuxi.it.Api.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The real WAR on Payara Micro against a real MariaDB, driven over HTTP as a partner and a browser would. */
class LinkApiIT extends DeployedFuxi {

    private static final Duration DEFAULT_LIFETIME = Duration.ofDays(730);

    private final Rows rows = new Rows(TestDatabase.dataSource("fuxi"));

    @Test
    void createdLinkRedirectsToItsUrl() {
        HttpResponse<String> response = admin.create("{\"url\":\"https://example.com/landing?utm=1\"}");
        assertEquals(201, response.statusCode(), response.body());
        JsonObject link = Api.json(response);
        String code = link.getString("code");
        assertTrue(code.matches("[0-9A-Za-z]{6}"), code);
        assertTrue(response.headers().firstValue("Location").orElseThrow().endsWith("/api/v1/links/" + code));
        assertEquals("https://example.com/landing?utm=1", link.getString("url"));
        assertTrue(link.getString("shortUrl").endsWith("/" + code));
        Instant createdAt = Instant.parse(link.getString("createdAt"));
        assertEquals(createdAt.plus(DEFAULT_LIFETIME), Instant.parse(link.getString("expiresAt")));

        HttpResponse<String> redirect = admin.follow(code);
        assertEquals(302, redirect.statusCode());
        assertEquals(
                "https://example.com/landing?utm=1",
                redirect.headers().firstValue("Location").orElseThrow());

        HttpResponse<String> head = admin.send(admin.request(code).method("HEAD", HttpRequest.BodyPublishers.noBody()));
        assertEquals(302, head.statusCode());
        assertEquals(
                "https://example.com/landing?utm=1",
                head.headers().firstValue("Location").orElseThrow());
        assertEquals("", head.body());
    }

    /**
     * A single create is answered ahead of JAX-RS (SingleCreateFilter), one with an Idempotency-Key through it
     * (LinksResource): both answers have the same status, headers and fields, and so do both paths' refusals.
     */
    @Test
    void bothPathsOfACreateAnswerAlike() {
        HttpResponse<String> direct = admin.create("{\"url\":\"https://example.com/paths/direct\"}");
        HttpResponse<String> throughJaxRs = admin.send(admin.authorized("api/v1/links")
                .header("Content-Type", "application/json; charset=UTF-8")
                .header("Idempotency-Key", "both-paths-" + System.nanoTime())
                .POST(HttpRequest.BodyPublishers.ofString("{\"url\":\"https://example.com/paths/jax-rs\"}")));
        for (HttpResponse<String> created : List.of(direct, throughJaxRs)) {
            assertEquals(201, created.statusCode(), created.body());
            String code = Api.json(created).getString("code");
            String shortUrl = Api.json(created).getString("shortUrl");
            assertEquals(
                    shortUrl.substring(0, shortUrl.length() - code.length()) + "api/v1/links/" + code,
                    created.headers().firstValue("Location").orElseThrow(),
                    "under fuxi.base-url, as the short URL");
            assertEquals(
                    "application/json",
                    created.headers().firstValue("Content-Type").orElseThrow());
        }
        assertEquals(Api.json(direct).keySet(), Api.json(throughJaxRs).keySet());

        HttpResponse<String> again = admin.send(admin.authorized("api/v1/links")
                .header("Content-Type", "Application/JSON;charset=utf-8")
                .POST(HttpRequest.BodyPublishers.ofString("{\"url\":\"https://example.com/paths/direct\"}")));
        assertEquals(200, again.statusCode(), again.body());
        assertEquals(
                "/api/v1/links/" + Api.json(direct).getString("code"),
                again.headers().firstValue("Content-Location").orElseThrow());

        HttpResponse<String> anonymous = admin.send(admin.request("api/v1/links")
                .header("Content-Type", "application/json")
                .header("X-API-Key", "fuxi_not_a_key")
                .POST(HttpRequest.BodyPublishers.ofString("{\"url\":\"https://example.com/paths/no-key\"}")));
        assertProblem(anonymous, 401, "Authorization");
        assertEquals(
                "Bearer realm=\"fuxi\"",
                anonymous.headers().firstValue("WWW-Authenticate").orElseThrow());
        HttpResponse<String> byHeader = admin.send(admin.request("api/v1/links")
                .header("Content-Type", "application/json")
                .header("X-API-Key", Api.ADMIN_KEY)
                .POST(HttpRequest.BodyPublishers.ofString("{\"url\":\"https://example.com/paths/x-api-key\"}")));
        assertEquals(201, byHeader.statusCode(), byHeader.body());
        assertProblem(admin.create("{\"url\":\"ftp://example.com/paths\"}"), 400, "url");
        CreateParity.assertBothRoutesAnswerAlike(admin, Api.ADMIN_KEY);
    }

    @Test
    void linkCanBeReadBackAsJson() {
        JsonObject created = admin.created("{\"url\":\"https://example.com/read-back\"}");
        HttpResponse<String> read = admin.get("api/v1/links/" + created.getString("code"));
        assertEquals(200, read.statusCode());
        assertEquals(
                Json.createObjectBuilder(created).add("totalClicks", 0).build(),
                Api.json(read),
                "the link as created, with its clicks");

        assertProblem(admin.get("api/v1/links/nO-such"), 404, "code");
    }

    /**
     * A URL with quotes is stored as sent (the insert writes such a value as hex, ADR 37): read back, redirected to, and
     * found by its words.
     */
    @Test
    void aUrlWithQuotesIsKeptAsSent() {
        String url = "https://example.com/it's/o'clock?q='x'";
        JsonObject created = admin.created("{\"url\":\"" + url + "\"}");
        assertEquals(url, created.getString("url"));
        assertEquals(
                url,
                Api.json(admin.get("api/v1/links/" + created.getString("code"))).getString("url"));
        assertEquals(
                url,
                admin.follow(created.getString("code"))
                        .headers()
                        .firstValue("Location")
                        .orElseThrow());
        assertEquals(
                List.of(created.getString("code")),
                Api.json(admin.get("api/v1/links?size=100&q=o%27clock")).getJsonArray("links").stream()
                        .map(link -> link.asJsonObject().getString("code"))
                        .filter(created.getString("code")::equals)
                        .toList(),
                "found by its words");
    }

    /** Who did what to a link, in order, with the fields before and after; another partner sees nothing. */
    @Test
    void theHistoryRecordsEveryChangeWithWhoAndWhat() {
        Api partner = admin.newPartner("history-partner");
        JsonObject link = partner.created("{\"url\":\"https://example.com/history\"}");
        String code = link.getString("code");
        String path = "api/v1/links/" + code;
        assertEquals(
                200,
                partner.patch(path, "{\"url\":\"https://example.com/history/moved\"}")
                        .statusCode());
        assertEquals(200, admin.patch(path, "{\"enabled\":false}").statusCode());
        assertEquals(200, admin.patch(path, "{\"enabled\":false}").statusCode(), "no change, no entry");
        assertEquals(
                200,
                partner.patch(path, "{\"redirectStatus\":301,\"enabled\":true}").statusCode());

        List<JsonObject> entries = Api.json(partner.get(path + "/history")).getJsonArray("entries").stream()
                .map(entry -> entry.asJsonObject())
                .toList();
        assertEquals(
                List.of("created", "changed", "disabled", "changed"),
                entries.stream().map(entry -> entry.getString("action")).toList());
        String partnerActor = entries.get(0).getString("actor");
        assertTrue(partnerActor.matches("key:\\d+"), partnerActor);
        assertEquals("key:1", entries.get(2).getString("actor"), "the suite's admin key is the first key");
        assertEquals(partnerActor, entries.get(3).getString("actor"));
        assertEquals(
                Json.createObjectBuilder()
                        .add("url", "https://example.com/history")
                        .add("expiresAt", link.getString("expiresAt"))
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
                entries.get(0).getJsonObject("after"),
                "the fields the link was made with, though three of them have changed since");
        assertEquals(
                Json.createObjectBuilder()
                        .add("url", "https://example.com/history")
                        .build(),
                entries.get(1).getJsonObject("before"));
        assertEquals(
                Json.createObjectBuilder()
                        .add("url", "https://example.com/history/moved")
                        .build(),
                entries.get(1).getJsonObject("after"));
        assertEquals(
                Json.createObjectBuilder()
                        .add("enabled", false)
                        .add("redirectStatus", JsonValue.NULL)
                        .build(),
                entries.get(3).getJsonObject("before"));
        assertEquals(
                Instant.parse(link.getString("createdAt")),
                Instant.parse(entries.get(0).getString("at")));

        assertProblem(admin.newPartner("history-stranger").get(path + "/history"), 404, "code");
        assertEquals(204, partner.delete(path).statusCode());
        assertEquals(
                List.of("deleted"),
                rows.texts("SELECT action FROM link_history WHERE code = ?", code),
                "a deleted link keeps the record of its delete");
        assertProblem(partner.get(path + "/history"), 404, "code");
    }

    /**
     * Creates sent together are written together (group commit, ADR 14): an alias that eight of them ask for goes to
     * exactly one, whichever batch each lands in, and the other creates of those batches are made with their history.
     */
    @Test
    void anAliasAskedByManyAtOnceGoesToOneAndSinksNoOtherCreate() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(32);
        for (int round = 0; round < 5; round++) {
            String alias = "together-" + round;
            long before = countLinks();
            CountDownLatch start = new CountDownLatch(1);
            List<Future<HttpResponse<String>>> aliased = new ArrayList<>();
            List<Future<HttpResponse<String>>> generated = new ArrayList<>();
            for (int i = 0; i < 32; i++) {
                String json = i % 4 == 0
                        ? "{\"url\":\"https://example.com/together/" + round + "/" + i + "\",\"alias\":\"" + alias
                                + "\"}"
                        : "{\"url\":\"https://example.com/together/" + round + "/" + i + "\"}";
                (i % 4 == 0 ? aliased : generated).add(threads.submit(() -> {
                    start.await();
                    return admin.create(json);
                }));
            }
            start.countDown();
            List<HttpResponse<String>> winners = new ArrayList<>();
            for (Future<HttpResponse<String>> answer : aliased) {
                HttpResponse<String> response = answer.get();
                if (response.statusCode() == 201) {
                    winners.add(response);
                } else {
                    assertProblem(response, 409, "alias");
                }
            }
            assertEquals(1, winners.size(), "one of eight gets the alias");
            assertEquals(
                    Api.json(winners.get(0)).getString("url"),
                    admin.follow(alias).headers().firstValue("Location").orElseThrow());
            Set<String> codes = new HashSet<>();
            for (Future<HttpResponse<String>> answer : generated) {
                HttpResponse<String> response = answer.get();
                assertEquals(201, response.statusCode(), response.body());
                codes.add(Api.json(response).getString("code"));
            }
            assertEquals(24, codes.size());
            assertEquals(before + 25, countLinks());
            String some = codes.iterator().next();
            assertEquals(
                    "created",
                    Api.json(admin.get("api/v1/links/" + some + "/history"))
                            .getJsonArray("entries")
                            .getJsonObject(0)
                            .getString("action"));
        }
        threads.shutdown();
    }

    @Test
    void aliasIsUsedAsTheCodeAndIsUnique() {
        JsonObject link = admin.created("{\"url\":\"https://example.com/sale\",\"alias\":\"winter-sale\"}");
        assertEquals("winter-sale", link.getString("code"));
        assertEquals(
                "https://example.com/sale",
                admin.follow("winter-sale").headers().firstValue("Location").orElseThrow());

        long before = countLinks();
        assertProblem(admin.create("{\"url\":\"https://example.com/other\",\"alias\":\"winter-sale\"}"), 409, "alias");
        assertEquals(before, countLinks());
        assertEquals(
                "https://example.com/sale",
                admin.follow("winter-sale").headers().firstValue("Location").orElseThrow());
    }

    @Test
    void unknownCodeGetsAnHtmlPageOrAJsonProblem() {
        HttpResponse<String> page = admin.follow("Unknwn");
        assertEquals(404, page.statusCode());
        assertTrue(page.headers().firstValue("Content-Type").orElseThrow().startsWith("text/html"));
        assertTrue(page.body().contains("Link not found"));

        HttpResponse<String> json = admin.send(
                admin.request("Unknwn").header("Accept", "application/json").GET());
        assertEquals(404, json.statusCode());
        assertEquals(
                "application/problem+json",
                json.headers().firstValue("Content-Type").orElseThrow());
    }

    /** The deployment listens on 127.0.0.1 alone (the launcher's pre-boot commands); no answer names the platform. */
    @Test
    void listensOnLoopbackOnlyAndNamesNoPlatform() {
        assertEquals(List.of("127.0.0.1:" + base.getPort()), ListeningSockets.onTcpPort(base.getPort()));
        HttpResponse<String> created = admin.create("{\"url\":\"https://example.com/unnamed\"}");
        String code = Api.json(created).getString("code");
        for (HttpResponse<String> answer :
                List.of(created, admin.follow(code), admin.follow(""), admin.follow("nope/deeper.html"))) {
            assertEquals(
                    Optional.empty(),
                    answer.headers().firstValue("Server"),
                    answer.uri().toString());
            assertEquals(
                    Optional.empty(),
                    answer.headers().firstValue("X-Powered-By"),
                    answer.uri().toString());
        }
    }

    /** The redirect servlet takes every path (ADR 16); what is no code still reaches the files, the console and the API. */
    @Test
    void pathsThatAreNoCodeReachTheFilesTheConsoleAndTheApi() {
        HttpResponse<String> home = admin.follow("");
        assertEquals(200, home.statusCode());
        assertTrue(home.body().contains("A URL shortener"), home.body());
        assertEquals(home.body(), admin.follow("index.html").body());

        for (String console : List.of("admin", "admin/", "admin/index.xhtml")) {
            HttpResponse<String> gate = admin.follow(console);
            assertEquals(302, gate.statusCode(), console);
            assertTrue(gate.headers().firstValue("Location").orElseThrow().endsWith("/admin/sign-in.xhtml"), console);
        }
        HttpResponse<String> signIn = admin.follow("admin/sign-in.xhtml");
        assertEquals(200, signIn.statusCode());
        Matcher resource = Pattern.compile("\"(/[^\"]*jakarta\\.faces\\.resource/[^\"]*\\.css\\.xhtml[^\"]*)\"")
                .matcher(signIn.body());
        assertTrue(resource.find(), signIn.body());
        String stylesheet = resource.group(1).replace("&amp;", "&");
        HttpResponse<String> css = admin.follow(stylesheet);
        assertEquals(200, css.statusCode(), stylesheet);
        assertTrue(css.headers().firstValue("Content-Type").orElseThrow().startsWith("text/css"), stylesheet);

        HttpResponse<String> folder = admin.follow("resources?x=1");
        assertEquals(302, folder.statusCode());
        assertTrue(folder.headers().firstValue("Location").orElseThrow().endsWith("/resources/?x=1"));
        for (String missing : List.of("resources/", "nope/deeper.html", "AbC123/extra")) {
            HttpResponse<String> page = admin.follow(missing);
            assertEquals(404, page.statusCode(), missing);
            assertTrue(page.body().contains("Link not found"), missing);
        }
        assertEquals(401, admin.follow("api/v1/links").statusCode());
    }

    @Test
    void expiredLinkAnswersGone() {
        String expiresAt = Instant.now().plusSeconds(60).toString();
        String code = admin.created("{\"url\":\"https://example.com/soon-gone\",\"expiresAt\":\"" + expiresAt + "\"}")
                .getString("code");
        assertEquals(302, admin.follow(code).statusCode(), "cached from here on");

        admin.moveClock(Duration.ofSeconds(61));
        HttpResponse<String> answer = admin.follow(code);
        assertEquals(410, answer.statusCode(), "expired at once, though cached");
        assertTrue(answer.body().contains("Link expired"));
        assertFalse(answer.headers().firstValue("Location").isPresent());
    }

    @Test
    void locationCannotCarryInjectedHeaders() {
        String url = "https://example.com/x%0D%0ASet-Cookie:%20stolen=1";
        String code = admin.created("{\"url\":\"" + url + "\"}").getString("code");
        HttpResponse<String> redirect = admin.follow(code);
        assertEquals(url, redirect.headers().firstValue("Location").orElseThrow());
        assertTrue(redirect.headers().allValues("Set-Cookie").isEmpty());

        assertProblem(admin.create("{\"url\":\"https://example.com/x\\r\\nSet-Cookie: stolen=1\"}"), 400, "url");
    }

    /** A cache hit is served without the database: the row is gone, the redirect still works. */
    @Test
    void cacheHitNeverReadsTheDatabase() {
        String code = admin.created("{\"url\":\"https://example.com/cached\"}").getString("code");
        assertEquals(302, admin.follow(code).statusCode());
        rows.execute("DELETE FROM link WHERE code = ?", code);
        HttpResponse<String> redirect = admin.follow(code);
        assertEquals(302, redirect.statusCode());
        assertEquals(
                "https://example.com/cached",
                redirect.headers().firstValue("Location").orElseThrow());
    }

    /** A code found unknown is remembered: a scanner repeating it does not reach the database again. */
    @Test
    void unknownCodesAreRememberedButNotAgainstNewLinks() {
        assertEquals(404, admin.follow("scan-me").statusCode());
        rows.execute(
                "INSERT INTO link (code, url, url_hash, owner_key_id, created_at, expires_at) VALUES (?, 'https://example.com/sneaked', "
                        + "UNHEX(LEFT(SHA2('https://example.com/sneaked', 256), 32)), 1, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3) + INTERVAL 1 DAY)",
                "scan-me");
        assertEquals(404, admin.follow("scan-me").statusCode());

        assertEquals(404, admin.follow("soon-mine").statusCode());
        admin.created("{\"url\":\"https://example.com/mine\",\"alias\":\"soon-mine\"}");
        assertEquals(302, admin.follow("soon-mine").statusCode());
    }

    @Test
    void everyBadRequestGetsAProblemNamingItsFieldAndWritesNothing() {
        long before = countLinks();
        Map<String, String> badBodies = Map.ofEntries(
                Map.entry("{\"url\":", "body"),
                Map.entry("not json", "body"),
                Map.entry("[{\"url\":\"https://example.com\"}]", "body"),
                Map.entry("{}", "url"),
                Map.entry("{\"url\":42}", "url"),
                Map.entry("{\"url\":\"javascript:alert(1)\"}", "url"),
                Map.entry("{\"url\":\"data:text/html,hi\"}", "url"),
                Map.entry("{\"url\":\"ftp://example.com/f\"}", "url"),
                Map.entry("{\"url\":\"https://\"}", "url"),
                Map.entry("{\"url\":\"https://example.com/a b\"}", "url"),
                Map.entry("{\"url\":\"https://example.com/\\u202Eexe\"}", "url"),
                Map.entry("{\"url\":\"http://localhost:8080/loop\"}", "url"),
                Map.entry("{\"url\":\"https://example.com/" + "a".repeat(2100) + "\"}", "url"),
                Map.entry("{\"url\":\"https://example.com\",\"alias\":\"ab\"}", "alias"),
                Map.entry("{\"url\":\"https://example.com\",\"alias\":\"abcdef\"}", "alias"),
                Map.entry("{\"url\":\"https://example.com\",\"alias\":\"admin\"}", "alias"),
                Map.entry("{\"url\":\"https://example.com\",\"alias\":\"a/b/c\"}", "alias"),
                Map.entry("{\"url\":\"https://example.com\",\"alias\":12}", "alias"),
                Map.entry("{\"url\":\"https://example.com\",\"expiresAt\":\"2001-01-01T00:00:00Z\"}", "expiresAt"),
                Map.entry("{\"url\":\"https://example.com\",\"expiresAt\":\"2999-01-01T00:00:00Z\"}", "expiresAt"),
                Map.entry("{\"url\":\"https://example.com\",\"expiresAt\":\"soon\"}", "expiresAt"),
                Map.entry("{\"url\":\"https://example.com\",\"colour\":\"red\"}", "colour"));
        badBodies.forEach((body, field) -> assertProblem(admin.create(body), 400, field));

        assertProblem(admin.create("{\"url\":\"https://example.com/" + "a".repeat(70_000) + "\"}"), 413, "body");
        assertProblem(
                admin.send(admin.request("api/v1/links")
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"url\":\"https://example.com\"}"))),
                401,
                "Authorization");
        assertProblem(
                admin.send(admin.request("api/v1/links")
                        .header("Authorization", "Bearer fuxi_wrong")
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"url\":\"https://example.com\"}"))),
                401,
                "Authorization");
        assertProblem(
                admin.send(admin.request("api/v1/links")
                        .header("Authorization", "Bearer " + Api.ADMIN_KEY)
                        .header("Content-Type", "text/plain")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"url\":\"https://example.com\"}"))),
                415,
                null);
        assertProblem(
                admin.send(admin.request("api/v1/links")
                        .header("Authorization", "Bearer " + Api.ADMIN_KEY)
                        .DELETE()),
                405,
                null);
        assertProblem(admin.get("api/v1/nothing-here"), 404, null);
        assertEquals(before, countLinks());
    }

    /** Bodies no JSON parser should accept, and paths that cannot be codes: 4xx with Fuxi's own answer, never a 500. */
    @Test
    void hostileBodiesAndPathsGetClearAnswers() {
        long before = countLinks();
        assertProblem(admin.create("[".repeat(20_000) + "]".repeat(20_000)), 400, "body");
        assertProblem(admin.create(""), 400, "body");
        byte[] notUtf8 =
                "{\"url\":\"https://example.com/\u00ff\u00fe\"}".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        assertProblem(
                admin.send(admin.request("api/v1/links")
                        .header("Authorization", "Bearer " + Api.ADMIN_KEY)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(notUtf8))),
                400,
                "body");
        byte[] huge = ("{\"url\":\"https://example.com/" + "a".repeat(100_000) + "\"}")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertProblem(
                admin.send(admin.request("api/v1/links")
                        .header("Authorization", "Bearer " + Api.ADMIN_KEY)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(huge)))),
                413,
                "body");
        assertEquals(before, countLinks());

        assertProblem(admin.get("api/v1/links/%C3%BC%C3%BC%C3%BC"), 404, "code");
        assertProblem(admin.get("api/v1/links/" + "a".repeat(3000)), 404, "code");
        for (String path : List.of("%C3%BC%C3%BC%C3%BC", "abc%0D%0A", "no.such.file", "a")) {
            HttpResponse<String> page = admin.follow(path);
            assertEquals(404, page.statusCode(), path);
            assertTrue(page.body().contains("Link not found"), path);
        }
        HttpResponse<String> post = admin.send(admin.request("Unknwn").POST(HttpRequest.BodyPublishers.noBody()));
        assertEquals(405, post.statusCode());
        assertEquals("GET, HEAD", post.headers().firstValue("Allow").orElseThrow());
    }

    @Test
    void poolReportsWhatIsLeftAndRefusesBadBatchSizes() {
        HttpResponse<String> pool = admin.get("api/v1/pool");
        assertEquals(200, pool.statusCode(), pool.body());
        assertTrue(Api.json(pool).getJsonNumber("remaining").longValue() > 0);
        assertProblem(admin.post("api/v1/pool/batches", "{\"size\":0}"), 400, "size");
        assertProblem(admin.post("api/v1/pool/batches", "{\"size\":\"many\"}"), 400, "size");
        assertProblem(admin.post("api/v1/pool/batches", "{\"size\":99999999999999999999999}"), 400, "size");
    }

    /** 1,000 creates from 16 threads: as many distinct codes, each leading to its own URL. */
    @Test
    void concurrentCreatesGetDistinctCodes() throws Exception {
        int creates = 1000;
        ExecutorService threads = Executors.newFixedThreadPool(16);
        List<Future<JsonObject>> results = new ArrayList<>();
        for (int i = 0; i < creates; i++) {
            String url = "https://example.com/concurrent/" + i;
            results.add(threads.submit(() -> admin.created("{\"url\":\"" + url + "\"}")));
        }
        Set<String> codes = new HashSet<>();
        List<JsonObject> links = new ArrayList<>();
        for (Future<JsonObject> result : results) {
            JsonObject link = result.get();
            links.add(link);
            codes.add(link.getString("code"));
        }
        assertEquals(creates, codes.size());
        List<Future<String>> checks = new ArrayList<>();
        for (JsonObject link : links) {
            checks.add(threads.submit(() -> {
                HttpResponse<String> redirect = admin.follow(link.getString("code"));
                assertEquals(302, redirect.statusCode());
                return redirect.headers().firstValue("Location").orElseThrow();
            }));
        }
        for (int i = 0; i < links.size(); i++) {
            assertEquals(links.get(i).getString("url"), checks.get(i).get());
        }
        threads.shutdown();
    }

    @Test
    void theShortUrlsQueryGoesOnToItsUrlUnlessTheLinkSaysNot() throws IOException {
        String code = admin.created("{\"url\":\"https://example.com/sale?ref=a#top\"}")
                .getString("code");
        assertEquals("https://example.com/sale?ref=a&utm_source=x#top", location(code + "?utm_source=x"));
        assertEquals("https://example.com/sale?ref=a&k=1&k=2#top", location(code + "?k=1&k=2"));
        assertEquals("https://example.com/sale?ref=a#top", location(code + "?"));
        assertEquals("https://example.com/sale?ref=a#top", location(code));
        assertEquals("https://example.com/sale?ref=a&q=caf%C3%A9%20x#top", location(code + "?q=caf%C3%A9%20x"));
        assertEquals("https://example.com/sale?ref=a&x=%0D%0AX:%20y#top", location(code + "?x=%0D%0AX:%20y"));
        assertEquals("https://example.com/sale?ref=a&u=1#top", location(code + "/?u=1"), "a trailing slash, same link");
        String raw = rawAnswer(code + "?x=\"<>{}|^");
        assertFalse(raw.startsWith("HTTP/1.1 5"), raw);
        assertTrue(
                raw.lines()
                        .takeWhile(line -> !line.isEmpty())
                        .noneMatch(line -> line.contains("<") || line.contains("{")),
                "a request line with characters a client must escape never puts them in a header: " + raw);

        String plain = admin.created("{\"url\":\"https://example.com/plain\",\"forwardQuery\":false}")
                .getString("code");
        assertFalse(Api.json(admin.get("api/v1/links/" + plain)).getBoolean("forwardQuery"));
        assertEquals("https://example.com/plain", location(plain + "?utm_source=x"));
        assertEquals(
                200,
                admin.patch("api/v1/links/" + plain, "{\"forwardQuery\":null}").statusCode());
        assertEquals(
                "https://example.com/plain?utm_source=x", location(plain + "?utm_source=x"), "back to the default");
        assertProblem(admin.patch("api/v1/links/" + plain, "{\"forwardQuery\":\"no\"}"), 400, "forwardQuery");
        assertProblem(admin.create("{\"url\":\"https://example.com\",\"forwardQuery\":1}"), 400, "forwardQuery");
    }

    /** MicroProfile Health: each probe answers UP with its named checks (and their figures). */
    @Test
    void healthProbesNameTheirChecks() throws Exception {
        assertChecks("/health/live", Map.of("link-cache", "UP"));
        assertChecks(
                "/health/ready", Map.of("code-pool", "UP", "click-flush", "UP", "database", "UP", "cluster", "UP"));
        assertChecks("/health/started", Map.of("schema", "UP"));
        JsonObject ready = Api.json(admin.send(
                HttpRequest.newBuilder(base.toURI().resolve("/health/ready")).GET()));
        JsonObject pool = ready.getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(check -> check.getString("name").equals("code-pool"))
                .findFirst()
                .orElseThrow();
        JsonObject cluster = ready.getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(check -> check.getString("name").equals("cluster"))
                .findFirst()
                .orElseThrow()
                .getJsonObject("data");
        assertEquals("false", cluster.getString("clustered"), "alone by default: " + cluster);
        assertEquals("1", cluster.get("size").toString().replace("\"", ""), "it sees itself only: " + cluster);
        for (String probe : List.of("/health", "/health/ready", "/health/live", "/health/started")) {
            String body = admin.send(
                            HttpRequest.newBuilder(base.toURI().resolve(probe)).GET())
                    .body();
            assertFalse(
                    body.matches("(?s).*\\b\\d{1,3}(\\.\\d{1,3}){3}\\b.*") || body.contains("localhost"),
                    probe + " names no address to anyone who asks: " + body);
        }
        JsonObject seen = admin.cluster();
        assertEquals(
                List.of(seen.getString("node")), seen.getJsonArray("members").getValuesAs(JsonString::getString));
        assertEquals(
                403,
                admin.newPartner("cluster-" + System.nanoTime())
                        .get("api/v1/cluster")
                        .statusCode());
        assertTrue(
                Long.parseLong(pool.getJsonObject("data")
                                .get("remaining")
                                .toString()
                                .replace("\"", ""))
                        >= 1000,
                pool.toString());
    }

    private void assertChecks(String path, Map<String, String> expected) throws Exception {
        HttpResponse<String> probe =
                admin.send(HttpRequest.newBuilder(base.toURI().resolve(path)).GET());
        assertEquals(200, probe.statusCode(), probe.body());
        JsonObject health = Api.json(probe);
        assertEquals("UP", health.getString("status"), probe.body());
        Map<String, String> checks = new TreeMap<>();
        health.getJsonArray("checks")
                .getValuesAs(JsonObject.class)
                .forEach(check -> checks.put(check.getString("name"), check.getString("status")));
        assertEquals(new TreeMap<>(expected), checks, path);
    }

    private String location(String path) {
        HttpResponse<String> redirect = admin.follow(path);
        assertEquals(302, redirect.statusCode(), path);
        return redirect.headers().firstValue("Location").orElseThrow();
    }

    /** A made-up Host header never becomes Fuxi's address: a new link's Location is under fuxi.base-url. */
    @Test
    void theLocationOfANewLinkIsUnderTheBaseUrlWhateverTheHost() throws IOException {
        String body = "{\"url\":\"https://example.com/host-" + System.nanoTime() + "\"}";
        String answer;
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            String request = "POST " + base.getPath().replaceAll("/$", "") + "/api/v1/links HTTP/1.1\r\n"
                    + "Host: attacker.example\r\nAuthorization: Bearer " + Api.ADMIN_KEY + "\r\n"
                    + "Content-Type: application/json\r\nContent-Length: " + body.length()
                    + "\r\nConnection: close\r\n\r\n" + body;
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
        assertTrue(answer.startsWith("HTTP/1.1 201"), answer);
        assertTrue(answer.contains("\r\nLocation: http://localhost:8080/api/v1/links/"), answer);
        assertFalse(answer.contains("attacker.example"), answer);
    }

    /** The whole answer to a request sent as raw bytes: HTTP clients refuse to send such a request line. */
    private String rawAnswer(String path) throws IOException {
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            String request = "GET " + base.getPath().replaceAll("/$", "") + "/" + path + " HTTP/1.1\r\nHost: "
                    + base.getHost() + "\r\nConnection: close\r\n\r\n";
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    private long countLinks() {
        return rows.number("SELECT COUNT(*) FROM link");
    }
}
