package io.fuxi.it;

import static io.fuxi.it.AdminConsoleIT.ADMIN;
import static io.fuxi.it.AdminConsoleIT.PASSWORD;
import static io.fuxi.it.Api.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

/** Destination safety, in a deployment of its own: allow-list mode would refuse other test classes' links. */
@Tag("browser")
class DestinationsIT extends DeployedFuxi {

    /**
     * Other spellings of the hosts the rules of {@link #noSpellingOfABlockedHostGetsPastItsRuleAndNothingIsWritten}
     * name (spelled.example, 93.184.216.34, 2001:db8::5): each used to pass its rule (issue 61).
     */
    private static final List<String> SPELLINGS = List.of(
            "https://spelled.example.",
            "https://SPELLED.Example.",
            "https://www.spelled.example.",
            "http://1572395042",
            "http://0x5DB8D822",
            "http://0135.0270.0330.042",
            "http://93.184.55330",
            "http://93.184.216.34.",
            "http://[::ffff:93.184.216.34]",
            "http://[2001:DB8:0:0:0:0:0:5]:8080");

    private final Rows rows = new Rows(TestDatabase.dataSource("fuxi"));

    @Test
    void blockedHostsAndTheirSubdomainsAreRefusedNamingTheRule() {
        int rule = Api.json(admin.post("api/v1/destinations", "{\"host\":\"Blocked.Example\",\"note\":\"phishing\"}"))
                .getInt("id");
        HttpResponse<String> refused = admin.create("{\"url\":\"https://www.blocked.example/login\"}");
        assertProblem(refused, 400, "url");
        assertTrue(
                Api.json(refused).getString("detail").contains("rule " + rule + " (blocked.example)"), refused.body());
        assertProblem(admin.create("{\"url\":\"https://blocked.example/\"}"), 400, "url");
        assertEquals(
                201, admin.create("{\"url\":\"https://notblocked.example/\"}").statusCode());
        assertProblem(admin.post("api/v1/destinations", "{\"host\":\"blocked.example\"}"), 409, "host");
    }

    @Test
    void linksToANewlyBlockedHostStopRedirectingUntilTheRuleGoes() {
        String code = Api.json(admin.create("{\"url\":\"https://later.example/page\"}"))
                .getString("code");
        assertEquals(302, admin.follow(code).statusCode());

        int rule = Api.json(admin.post("api/v1/destinations", "{\"host\":\"later.example\"}"))
                .getInt("id");
        HttpResponse<String> gone = admin.follow(code);
        assertEquals(410, gone.statusCode());
        assertTrue(gone.body().contains("Link blocked"));
        String other =
                Api.json(admin.create("{\"url\":\"https://fine.example/\"}")).getString("code");
        assertProblem(admin.patch("api/v1/links/" + other, "{\"url\":\"https://sub.later.example/\"}"), 400, "url");

        assertEquals(204, admin.delete("api/v1/destinations/" + rule).statusCode());
        assertEquals(302, admin.follow(code).statusCode());
    }

    @Test
    void allowListModeAcceptsOnlyListedHosts() {
        String before = Api.json(admin.create("{\"url\":\"https://elsewhere.example/\"}"))
                .getString("code");
        int rule = Api.json(admin.post("api/v1/destinations", "{\"host\":\"good.example\",\"kind\":\"allow\"}"))
                .getInt("id");
        assertEquals(
                "allow",
                Api.json(admin.send(admin.authorized("api/v1/destinations/mode")
                                .header("Content-Type", "application/json")
                                .PUT(HttpRequest.BodyPublishers.ofString("{\"mode\":\"allow\"}"))))
                        .getString("mode"));
        try {
            assertEquals(
                    201,
                    admin.create("{\"url\":\"https://cdn.good.example/app.js\"}")
                            .statusCode());
            HttpResponse<String> refused = admin.create("{\"url\":\"https://other.example/\"}");
            assertProblem(refused, 400, "url");
            assertTrue(Api.json(refused).getString("detail").contains("not on the allow-list"));
            assertEquals(410, admin.follow(before).statusCode());
            JsonObject state = Api.json(admin.get("api/v1/destinations"));
            assertEquals("allow", state.getString("mode"));
        } finally {
            admin.send(admin.authorized("api/v1/destinations/mode")
                    .header("Content-Type", "application/json")
                    .PUT(HttpRequest.BodyPublishers.ofString("{\"mode\":\"block\"}")));
            admin.delete("api/v1/destinations/" + rule);
        }
        assertEquals(302, admin.follow(before).statusCode());
    }

    @Test
    void onlyAdminsManageDestinationsAndBadRulesAreRefused() {
        Api partner = admin.newPartner("p");
        assertProblem(partner.get("api/v1/destinations"), 403, null);
        assertProblem(partner.post("api/v1/destinations", "{\"host\":\"x.example\"}"), 403, null);

        assertProblem(admin.post("api/v1/destinations", "{}"), 400, "host");
        assertProblem(admin.post("api/v1/destinations", "{\"host\":\"exa mple.com\"}"), 400, "host");
        assertProblem(admin.post("api/v1/destinations", "{\"host\":\"a..b\"}"), 400, "host");
        assertProblem(admin.post("api/v1/destinations", "{\"host\":\"ok.example\",\"kind\":\"maybe\"}"), 400, "kind");
        assertProblem(admin.post("api/v1/destinations", "{\"host\":\"ok.example\",\"colour\":1}"), 400, "colour");
        assertProblem(admin.delete("api/v1/destinations/424242"), 404, "id");
        assertProblem(admin.delete("api/v1/destinations/x"), 400, "id");
        assertProblem(
                admin.send(admin.authorized("api/v1/destinations/mode")
                        .header("Content-Type", "application/json")
                        .PUT(HttpRequest.BodyPublishers.ofString("{\"mode\":\"both\"}"))),
                400,
                "mode");
    }

    /**
     * Create, PATCH, bulk and the console's CSV import each refuse every spelling of a blocked host with a 400 naming
     * url, and write nothing: no link, no change to the link a PATCH aimed at, no line of its history.
     */
    @Test
    void noSpellingOfABlockedHostGetsPastItsRuleAndNothingIsWritten() throws Exception {
        String marker = "spelled-" + System.nanoTime();
        List<String> urls =
                SPELLINGS.stream().map(spelling -> spelling + "/" + marker).toList();
        JsonObject kept = admin.created("{\"url\":\"https://unspelled.example/kept\"}");
        String link = "api/v1/links/" + kept.getString("code");
        String history = admin.get(link + "/history").body();
        int name = rule("Spelled.Example.", "spelled.example");
        int address = rule("0x5DB8D822", "93.184.216.34");
        int ipv6 = rule("2001:DB8::5", "[2001:db8::5]");
        try {
            assertProblem(admin.post("api/v1/destinations", "{\"host\":\"1572395042\"}"), 409, "host");
            for (String url : urls) {
                HttpResponse<String> refused = admin.create("{\"url\":\"" + url + "\"}");
                assertProblem(refused, 400, "url");
                assertTrue(Api.json(refused).getString("detail").contains(" is blocked by rule "), refused.body());
                assertProblem(admin.patch(link, "{\"url\":\"" + url + "\"}"), 400, "url");
            }
            assertEquals(
                    "the destination 93.184.216.34 is blocked by rule " + address + " (93.184.216.34)",
                    Api.json(admin.create("{\"url\":\"http://1572395042/" + marker + "\"}"))
                            .getString("detail"));
            assertTrue(Api.json(admin.create("{\"url\":\"https://spelled.example./" + marker + "\"}"))
                    .getString("detail")
                    .endsWith("rule " + name + " (spelled.example)"));
            assertBulkRefusesEach(urls);
            assertImportRefusesEach(urls);
            assertEquals(kept.getString("url"), Api.json(admin.get(link)).getString("url"));
            assertEquals(history, admin.get(link + "/history").body(), "a refused PATCH writes no history");
            assertEquals(0, rows.number("SELECT COUNT(*) FROM link WHERE url LIKE ?", "%" + marker + "%"));
        } finally {
            for (int rule : List.of(name, address, ipv6)) {
                admin.delete("api/v1/destinations/" + rule);
            }
        }
    }

    /** A link is stored, and redirects, with the host its rule is checked against: one spelling everywhere. */
    @Test
    void linksAreStoredAndRedirectedWithTheHostTheRulesCheck() {
        JsonObject byName = admin.created("{\"url\":\"https://Respelled.Example./p?q=1\"}");
        assertEquals("https://respelled.example/p?q=1", byName.getString("url"));
        JsonObject byAddress = admin.created("{\"url\":\"http://3405803785:8080/p\"}");
        assertEquals("http://203.0.113.9:8080/p", byAddress.getString("url"));
        HttpResponse<String> redirect = admin.follow(byAddress.getString("code"));
        assertEquals(302, redirect.statusCode());
        assertEquals(
                "http://203.0.113.9:8080/p",
                redirect.headers().firstValue("Location").orElseThrow());

        int name = rule("respelled.example.", "respelled.example");
        int address = rule("203.0.28937", "203.0.113.9");
        try {
            assertEquals(410, admin.follow(byName.getString("code")).statusCode());
            assertEquals(410, admin.follow(byAddress.getString("code")).statusCode());
        } finally {
            admin.delete("api/v1/destinations/" + name);
            admin.delete("api/v1/destinations/" + address);
        }
        assertEquals(302, admin.follow(byAddress.getString("code")).statusCode());
    }

    /** Adds a block rule and returns its id, checking the spelling it was stored in. */
    private int rule(String host, String stored) {
        HttpResponse<String> added = admin.post("api/v1/destinations", "{\"host\":\"" + host + "\"}");
        assertEquals(201, added.statusCode(), added.body());
        assertEquals(stored, Api.json(added).getString("host"));
        return Api.json(added).getInt("id");
    }

    private void assertBulkRefusesEach(List<String> urls) {
        String items = urls.stream().map(url -> "{\"url\":\"" + url + "\"}").collect(Collectors.joining(",", "[", "]"));
        HttpResponse<String> bulk = admin.post("api/v1/links/bulk", items);
        assertEquals(200, bulk.statusCode(), bulk.body());
        assertEquals(0, Api.json(bulk).getInt("created"), bulk.body());
        for (JsonObject result : Api.json(bulk).getJsonArray("results").getValuesAs(JsonObject.class)) {
            assertEquals(400, result.getInt("status"), result.toString());
            assertEquals("url", result.getJsonObject("problem").getString("field"), result.toString());
        }
    }

    /** The console's import page, as an admin uses it: every line refused, naming url, in the results to download. */
    private void assertImportRefusesEach(List<String> urls) throws Exception {
        Path file = Files.createTempFile("fuxi-spellings-", ".csv");
        Files.writeString(file, "url\n" + String.join("\n", urls) + "\n");
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.importCsv(file, Duration.ofSeconds(60));
            int n = urls.size();
            String expected = n + " of " + n + " lines: 0 created, 0 already there, " + n + " refused.";
            // the page's last poll may show "Finished." before its count of lines read has caught up
            browser.await(
                    "the import's counts: " + expected,
                    Duration.ofSeconds(10),
                    page -> expected.equals(browser.text(By.id("counts")).replaceAll("\\s+", " ")));
            browser.driver().findElement(By.id("status:results")).click();
            List<String> results = Files.readAllLines(browser.download("import-results.csv"), StandardCharsets.UTF_8);
            assertEquals(n + 1, results.size(), results.toString());
            for (int line = 1; line <= n; line++) {
                assertTrue(results.get(line).startsWith(line + ",400,,,"), results.get(line));
                assertTrue(results.get(line).endsWith(",url"), results.get(line));
            }
        } finally {
            Files.delete(file);
        }
    }
}
