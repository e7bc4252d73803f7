package io.fuxi.it;

import static io.fuxi.it.Api.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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
 * Clicks counted by the real WAR and flushed into the real database (every second in this suite), read back through
 * the stats calls: exact counts of people and bots, referrer hosts, countries, unique visitors within the sketch's
 * error. This deployment trusts the loopback addresses as proxies, so a test can say where a click comes from in X-Forwarded-For.
 */
@Tag("deployed")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ClickStatsIT {

    @ArquillianResource
    URL base;

    private Api admin;

    @Deployment(testable = false)
    static WebArchive war() {
        return DeployedFuxi.warBehindLoopbackProxy();
    }

    @BeforeEach
    void connect() throws URISyntaxException {
        admin = new Api(base.toURI());
    }

    @AfterEach
    void clockBack() {
        admin.clockBack();
    }

    static final String FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
    static final String GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    private static final Duration FLUSH_WAIT = Duration.ofSeconds(30);

    private final Rows rows = new Rows(TestDatabase.dataSource("fuxi"));

    @Test
    void countsPeopleAndBotsApartAndTheirReferrerHostsExactly() {
        String code = newLink("https://example.com/counted");
        int people = 37;
        int bots = 13;
        for (int i = 0; i < people; i++) {
            HttpRequest.Builder click = admin.request(code).header("User-Agent", FIREFOX);
            if (i < 9) {
                click.header("Referer", "https://news.example.org/story?id=" + i);
            } else if (i < 13) {
                click.header("Referer", "http://Blog.Example.COM:8080/post#top");
            }
            assertEquals(302, admin.send(click.GET()).statusCode());
        }
        for (int i = 0; i < bots; i++) {
            assertEquals(
                    302,
                    admin.send(admin.request(code)
                                    .header("User-Agent", GOOGLEBOT)
                                    .GET())
                            .statusCode());
        }

        JsonObject stats = awaitStats(code, "", counted(people + bots));
        assertEquals(people, stats.getInt("clicks"), stats.toString());
        assertEquals(bots, stats.getInt("botClicks"), stats.toString());
        JsonArray days = stats.getJsonArray("days");
        assertEquals(30, days.size());
        JsonObject today = days.getJsonObject(29);
        assertEquals(LocalDate.now(ZoneOffset.UTC).toString(), today.getString("date"));
        assertEquals(people, today.getInt("clicks"));
        assertEquals(bots, today.getInt("botClicks"));
        assertEquals(2, today.getInt("uniqueVisitors"), "one address, two User-Agents");
        assertEquals(
                "[{\"host\":\"news.example.org\",\"clicks\":9},{\"host\":\"blog.example.com\",\"clicks\":4}]",
                stats.getJsonArray("referrers").toString());
        assertEquals("[]", stats.getJsonArray("countries").toString(), "127.0.0.1 is in no country");
        assertEquals(people + bots, Api.json(admin.get("api/v1/links/" + code)).getInt("totalClicks"));
    }

    @Test
    void countriesComeFromTheAddressTheTrustedProxyForwards() {
        String code = newLink("https://example.com/abroad");
        // over loopback, whatever host name the container reports: the trusted proxy is 127.0.0.1
        Api proxied = new Api(URI.create("http://127.0.0.1:" + base.getPort() + base.getPath()));
        for (String forwarded :
                List.of("8.8.8.8", "8.8.8.8", "198.51.100.7, 8.8.8.8", "81.2.69.142", "81.2.69.142", "10.0.0.1")) {
            assertEquals(
                    302,
                    proxied.send(proxied.request(code)
                                    .header("User-Agent", FIREFOX)
                                    .header("X-Forwarded-For", forwarded)
                                    .GET())
                            .statusCode());
        }
        JsonObject stats = awaitStats(code, "", counted(6));
        assertEquals(
                "[{\"country\":\"US\",\"clicks\":3},{\"country\":\"GB\",\"clicks\":2}]",
                stats.getJsonArray("countries").toString(),
                "the right-most address that is not the proxy is the client's; 10.0.0.1 is in no country");
        assertEquals(3, stats.getJsonArray("days").getJsonObject(29).getInt("uniqueVisitors"), "three addresses");
    }

    @Test
    void uniqueVisitorsOfTenThousandClientsAreWithinTheSketchError() throws Exception {
        String code = newLink("https://example.com/popular");
        int clients = 10_000;
        ExecutorService senders = Executors.newFixedThreadPool(16);
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                String agent = FIREFOX + " client/" + i;
                answers.add(senders.submit(() -> admin.send(
                                admin.request(code).header("User-Agent", agent).GET())
                        .statusCode()));
            }
            for (Future<Integer> answer : answers) {
                assertEquals(302, answer.get());
            }
        } finally {
            senders.shutdownNow();
        }

        JsonObject stats = awaitStats(code, "", counted(clients));
        assertEquals(clients, stats.getInt("clicks") + stats.getInt("botClicks"), stats.toString());
        int estimate = stats.getJsonArray("days").getJsonObject(29).getInt("uniqueVisitors");
        // UltraLogLog with 2^11 registers: a relative standard error of about 1.7%; three of them is 5.1%
        assertTrue(Math.abs(estimate - clients) <= clients * 0.051, "estimated " + estimate);
    }

    @Test
    void hostileHeadersNeverFailARedirectOrAFlush() throws IOException {
        String code = newLink("https://example.com/hostile");
        // well-formed HTTP whose values are hostile: each must be redirected and counted
        List<byte[]> wellFormed = List.of(
                "Referer: javascript:alert(1)".getBytes(StandardCharsets.US_ASCII),
                "Referer: https://exa mple.com/".getBytes(StandardCharsets.US_ASCII),
                ("Referer: https://" + "a".repeat(300) + ".example/").getBytes(StandardCharsets.US_ASCII),
                "User-Agent: <script>alert(1)</script>".getBytes(StandardCharsets.US_ASCII),
                "X-Forwarded-For: 8.8.8.8, not-an-address, ::1".getBytes(StandardCharsets.US_ASCII));
        // bytes HTTP does not allow in a header: the server may refuse them (a 4xx), never fail on them
        List<byte[]> malformed = List.of(
                ("User-Agent: " + "A".repeat(10_000)).getBytes(StandardCharsets.US_ASCII),
                concat("User-Agent: Mozilla/5.0 ", new byte[] {(byte) 0xC3, 0x28, (byte) 0xFF, (byte) 0xFE}),
                concat("User-Agent: Mozilla/5.0 \u0001\u007f", new byte[] {0x09, 0x0B}),
                concat("Referer: https://", new byte[] {(byte) 0xE2, (byte) 0x82}, ".example/"),
                ("Referer: https://" + "x".repeat(10_000) + "/").getBytes(StandardCharsets.US_ASCII),
                "Referer: https://a\u0000b.example/".getBytes(StandardCharsets.ISO_8859_1),
                "X-Forwarded-For: 8.8.8.8, \u0001".getBytes(StandardCharsets.ISO_8859_1));
        for (byte[] header : wellFormed) {
            String answer = rawAnswer(code, header);
            assertEquals(302, status(answer), new String(header, StandardCharsets.ISO_8859_1) + " -> " + answer);
        }
        int redirects = wellFormed.size();
        for (byte[] header : malformed) {
            int status = status(rawAnswer(code, header));
            assertTrue(
                    status == 302 || (status >= 400 && status < 500),
                    "status " + status + " for " + new String(header, StandardCharsets.ISO_8859_1));
            if (status == 302) {
                redirects++;
            }
        }
        assertEquals(
                302,
                admin.send(admin.request(code).header("User-Agent", FIREFOX).GET())
                        .statusCode());

        JsonObject stats = awaitStats(code, "", counted(redirects + 1));
        assertEquals(redirects + 1, stats.getInt("clicks") + stats.getInt("botClicks"), stats.toString());
        assertEquals("[]", stats.getJsonArray("referrers").toString(), "no hostile referer is a host");
    }

    @Test
    void aClickCountsOnTheDayOfTheApplicationsClock() {
        String code = newLink("https://example.com/later");
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        admin.moveClock(Duration.ofDays(2));
        for (int i = 0; i < 3; i++) {
            assertEquals(
                    302,
                    admin.send(admin.request(code).header("User-Agent", FIREFOX).GET())
                            .statusCode());
        }
        String range = "?from=" + today + "&to=" + today.plusDays(2);
        JsonObject stats = awaitStats(code, range, counted(3));
        JsonArray days = stats.getJsonArray("days");
        assertEquals(3, days.size());
        assertEquals(0, days.getJsonObject(0).getInt("clicks"));
        assertEquals(today.plusDays(2).toString(), days.getJsonObject(2).getString("date"));
        assertEquals(3, days.getJsonObject(2).getInt("clicks"));
    }

    @Test
    void theAdminsDailyTotalsGainExactlyWhatHappened() {
        String today = LocalDate.now(ZoneOffset.UTC).toString();
        JsonObject before = todayTotals(today);
        String code = newLink("https://example.com/totals");
        for (int i = 0; i < 3; i++) {
            admin.send(admin.request(code).header("User-Agent", FIREFOX).GET());
        }
        for (int i = 0; i < 2; i++) {
            admin.send(admin.request(code).header("User-Agent", GOOGLEBOT).GET());
        }
        awaitStats(code, "", counted(5));
        JsonObject after = awaitTotals(today, totals -> totals.getInt("linksCreated") > before.getInt("linksCreated"));
        assertEquals(before.getInt("linksCreated") + 1, after.getInt("linksCreated"), after.toString());
        assertEquals(before.getInt("clicks") + 3, after.getInt("clicks"), after.toString());
        assertEquals(before.getInt("botClicks") + 2, after.getInt("botClicks"), after.toString());
    }

    @Test
    void statsAreTheOwnersAndTheRangeIsChecked() {
        Api partner = admin.newPartner("click-stats-partner");
        String theirs =
                partner.created("{\"url\":\"https://example.com/theirs\"}").getString("code");
        String mine = newLink("https://example.com/mine");

        assertEquals(200, partner.get("api/v1/links/" + theirs + "/stats").statusCode());
        assertEquals(200, admin.get("api/v1/links/" + theirs + "/stats").statusCode(), "an admin reads any link");
        assertProblem(partner.get("api/v1/links/" + mine + "/stats"), 404, null);
        assertProblem(partner.get("api/v1/links/zzzzzz/stats"), 404, null);
        assertProblem(partner.get("api/v1/stats"), 403, null);

        String stats = "api/v1/links/" + theirs + "/stats";
        assertProblem(partner.get(stats + "?from=2026-13-01"), 400, "from");
        assertProblem(partner.get(stats + "?to=yesterday"), 400, "to");
        assertProblem(partner.get(stats + "?from=2026-1-1"), 400, "from");
        assertProblem(partner.get(stats + "?from=2026-03-02&to=2026-03-01"), 400, "from");
        assertProblem(partner.get(stats + "?from=2025-01-01&to=2026-02-05"), 400, "from");
        assertProblem(admin.get("api/v1/stats?from=" + "9".repeat(5_000)), 400, "from");
        JsonObject longest = Api.json(partner.get(stats + "?from=2025-01-01&to=2026-02-04"));
        assertEquals(400, longest.getJsonArray("days").size());

        assertProblem(partner.get("api/v1/stats/hourly"), 403, null);
        assertProblem(partner.get("api/v1/stats/links"), 403, null);
        for (String hours : List.of("0", "-1", "841", "24.5", "x", "9".repeat(5_000))) {
            assertProblem(admin.get("api/v1/stats/hourly?hours=" + hours), 400, "hours");
        }
        assertEquals(
                840,
                Api.json(admin.get("api/v1/stats/hourly?hours=840"))
                        .getJsonArray("hours")
                        .size());
    }

    @Test
    void aDeletedLinkTakesItsClicksAlong() {
        String code = newLink("https://example.com/deleted");
        admin.send(admin.request(code).header("User-Agent", FIREFOX).GET());
        awaitStats(code, "", counted(1));
        assertEquals(1, rows.number("SELECT COUNT(*) FROM click_day WHERE code = ?", code));

        assertEquals(204, admin.delete("api/v1/links/" + code).statusCode());
        assertProblem(admin.get("api/v1/links/" + code + "/stats"), 404, null);
        assertEquals(0, rows.number("SELECT COUNT(*) FROM click_day WHERE code = ?", code));
    }

    private String newLink(String url) {
        return admin.created("{\"url\":\"" + url + "\",\"new\":true}").getString("code");
    }

    private static Predicate<JsonObject> counted(int clicks) {
        return stats -> stats.getInt("clicks") + stats.getInt("botClicks") >= clicks;
    }

    /** The link's stats once they pass the test, or a failure after {@link #FLUSH_WAIT}. */
    private JsonObject awaitStats(String code, String query, Predicate<JsonObject> done) {
        return await(
                () -> {
                    HttpResponse<String> response = admin.get("api/v1/links/" + code + "/stats" + query);
                    assertEquals(200, response.statusCode(), response.body());
                    return Api.json(response);
                },
                done);
    }

    private JsonObject todayTotals(String today) {
        HttpResponse<String> response = admin.get("api/v1/stats?from=" + today + "&to=" + today);
        assertEquals(200, response.statusCode(), response.body());
        JsonObject day = Api.json(response).getJsonArray("days").getJsonObject(0);
        assertEquals(today, day.getString("date"));
        return day;
    }

    private JsonObject awaitTotals(String today, Predicate<JsonObject> done) {
        return await(() -> todayTotals(today), done);
    }

    /** The stats once they pass the test, or a failure after {@link #FLUSH_WAIT}: polling for the next flush. */
    static JsonObject await(java.util.function.Supplier<JsonObject> read, Predicate<JsonObject> done) {
        long deadline = System.nanoTime() + FLUSH_WAIT.toNanos();
        JsonObject last = read.get();
        while (!done.test(last)) {
            if (System.nanoTime() > deadline) {
                fail("not flushed within " + FLUSH_WAIT + ": " + last);
            }
            try {
                Thread.sleep(200); // polling for the next flush, not timing anything
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail(e);
            }
            last = read.get();
        }
        return last;
    }

    /** The answer to a redirect request sent as raw bytes with one extra header line. */
    private String rawAnswer(String code, byte[] header) throws IOException {
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            ByteArrayOutputStream request = new ByteArrayOutputStream();
            request.writeBytes(
                    ("GET " + path(code) + " HTTP/1.1\r\nHost: " + base.getHost() + "\r\nConnection: close\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            request.writeBytes(header);
            request.writeBytes("\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().write(request.toByteArray());
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    /** The path of a code under the deployment's context root. */
    private String path(String code) {
        return base.getPath().replaceAll("/$", "") + "/" + code;
    }

    /** The status of a raw answer; a connection closed without one is a refusal, as a 400 would be. */
    private static int status(String answer) {
        if (answer.isEmpty()) {
            return 400;
        }
        assertTrue(answer.startsWith("HTTP/1.1 "), "not an HTTP answer: " + answer);
        return Integer.parseInt(answer.substring(9, 12));
    }

    private static byte[] concat(String start, byte[] bytes) {
        return concat(start, bytes, "");
    }

    private static byte[] concat(String start, byte[] middle, String end) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(start.getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(middle);
        out.writeBytes(end.getBytes(StandardCharsets.ISO_8859_1));
        return out.toByteArray();
    }
}
