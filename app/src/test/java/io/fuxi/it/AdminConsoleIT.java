package io.fuxi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.security.spec.InvalidKeySpecException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;

/**
 * The console in a real headless Chromium against the real WAR and database: signing in and out, the slow-down after
 * failed sign-ins, a viewer, the dashboard's figures against the API's, the security headers and a forged form post.
 */
@Tag("browser")
class AdminConsoleIT extends DeployedFuxi {

    static final String ADMIN = "admin";
    static final String PASSWORD = System.getProperty("fuxi.it.admin.password");
    private static final By ERROR = By.cssSelector(".ui-messages-error-summary");
    private static final Pattern VIEW_STATE =
            Pattern.compile("name=\"jakarta.faces.ViewState\"[^>]*value=\"([^\"]+)\"");

    private final Rows rows = new Rows(TestDatabase.dataSource("fuxi"));

    @Test
    void aWrongPasswordIsRefusedAndTheRightOneOpensTheDashboardInANewSession() {
        try (ConsoleBrowser browser = ConsoleBrowser.open(base)) {
            browser.go("admin/");
            assertTrue(browser.path().startsWith("/admin/sign-in.xhtml"), browser.path());
            browser.screenshot("sign-in");

            browser.submitSignIn(ADMIN, PASSWORD + "x");
            assertEquals("The name or the password is not right.", browser.text(ERROR));
            browser.submitSignIn("nobody", PASSWORD);
            assertEquals("The name or the password is not right.", browser.text(ERROR), "the same words either way");
            Cookie before = browser.cookie("JSESSIONID");

            browser.submitSignIn(ADMIN, PASSWORD);
            assertEquals("Dashboard · Fuxi", browser.title());
            Cookie after = browser.cookie("JSESSIONID");
            assertNotEquals(before.getValue(), after.getValue(), "the session id changes at sign-in");
            assertTrue(after.isHttpOnly());
            assertEquals("Strict", after.getSameSite());
            assertEquals("admin", browser.text(By.cssSelector(".console-user")));
        }
    }

    @Test
    void signingOutEndsTheSession() {
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            assertEquals("Dashboard · Fuxi", browser.title());
            String session = browser.cookie("JSESSIONID").getValue();
            browser.driver().findElement(By.id("account:sign-out")).click();
            browser.waitFor(By.id("sign-in:username"));
            browser.go("admin/");
            assertTrue(browser.path().startsWith("/admin/sign-in.xhtml"), browser.path());
            Cookie now = browser.cookie("JSESSIONID");
            assertTrue(now == null || !now.getValue().equals(session));
        }
    }

    /**
     * Five failures for an account make even its right password wait, with no word on which part was wrong. The
     * deployment's clock is held back while the browser types (the first wait is a second, which a loaded machine's
     * browser can take), then moved past the wait.
     */
    @Test
    void repeatedFailuresSlowDownTheAccountUntilItsWaitIsOver() {
        String password = "viewer-password-" + System.nanoTime();
        addAccount("watcher", password, "VIEWER");
        try (ConsoleBrowser browser = ConsoleBrowser.open(base)) {
            browser.go("admin/");
            for (int i = 0; i < 5; i++) {
                browser.submitSignIn("watcher", "guess-" + i);
                assertEquals("The name or the password is not right.", browser.text(ERROR));
            }
            admin.moveClock(Duration.ofMinutes(-1));
            browser.submitSignIn("watcher", password);
            assertEquals("Too many failed sign-ins. Try again in 1 second.", browser.text(ERROR));
            browser.screenshot("sign-in-slowed-down");

            admin.moveClock(Duration.ofSeconds(2));
            browser.submitSignIn("watcher", password);
            assertEquals("Dashboard · Fuxi", browser.title());
            assertEquals("watcher (viewer)", browser.text(By.cssSelector(".console-user")));
        }
    }

    @Test
    void theDashboardShowsTheSameFiguresAsTheApi() {
        JsonObject before = today();
        for (int i = 0; i < 3; i++) {
            String code = admin.created("{\"url\":\"https://example.com/dashboard/" + i + "\"}")
                    .getString("code");
            assertEquals(302, admin.follow(code).statusCode());
        }
        awaitFlushed(before, 3);
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            // read the API before and after the page, so that a flush in between cannot make them differ
            JsonObject api;
            List<String> shown;
            long remaining;
            do { // again if a figure moved meanwhile (the rest of the first start's codes may still be loading)
                api = today();
                remaining = poolRemaining();
                browser.go("admin/");
                shown = List.of(
                        browser.text(By.cssSelector("#created-today .figure-value")),
                        browser.text(By.cssSelector("#clicks-today .figure-value")),
                        browser.text(By.cssSelector("#pool-remaining .figure-value")));
            } while (!api.equals(today()) || remaining != poolRemaining());
            assertEquals(
                    List.of(
                            String.format("%,d", number(api, "linksCreated")),
                            String.format("%,d", number(api, "clicks") + number(api, "botClicks")),
                            String.format("%,d", remaining)),
                    shown);
            String health = browser.text(By.id("health"));
            for (String check : List.of("database", "schema", "code-pool", "link-cache", "click-flush")) {
                assertTrue(health.contains("UP " + check), health);
            }
            browser.waitFor(By.cssSelector("#daily-chart canvas"));

            long apiHours;
            Object chart;
            do {
                apiHours = lastTwoHoursClicks();
                browser.go("admin/");
                browser.waitFor(By.cssSelector("#hourly-chart canvas"));
                chart = browser.driver()
                        .executeScript(
                                "const sets = Chart.getChart("
                                        + "document.querySelector('#hourly-chart canvas')).data.datasets;"
                                        + "return [1, 2].map(i => sets[i].data[22] + sets[i].data[23]).reduce((a, b) => a + b);");
            } while (apiHours != lastTwoHoursClicks());
            assertTrue(apiHours >= 3, "this test's clicks are in the last two hours: " + apiHours);
            assertEquals(
                    apiHours, ((Number) chart).longValue(), "the last two hours' clicks, on the chart and the API");

            browser.clickAndAwaitUpdate(By.id("census:count"), "live-links");
            JsonObject census = Api.json(admin.get("api/v1/stats/links"));
            assertTrue(census.getBoolean("counted"), census.toString());
            assertEquals(
                    String.format("%,d", number(census, "live")),
                    browser.text(By.cssSelector("#live-links .figure-value")));
            assertEquals(rows.number("SELECT COUNT(*) FROM link"), number(census, "total"), "every link is counted");
            browser.screenshot("dashboard");
        }
    }

    /** Clicks in this hour and the one before across all links, as GET /api/v1/stats/hourly answers them. */
    private long lastTwoHoursClicks() {
        return Api.json(admin.get("api/v1/stats/hourly?hours=2")).getJsonArray("hours").stream()
                .map(hour -> hour.asJsonObject())
                .mapToLong(hour -> number(hour, "clicks") + number(hour, "botClicks"))
                .sum();
    }

    @Test
    void linksAreFoundByCodeAndByUrlText() {
        String word = "findme" + System.nanoTime();
        String code = admin.created("{\"url\":\"https://example.com/" + word + "/one\"}")
                .getString("code");
        admin.created("{\"url\":\"https://example.com/" + word + "/two\"}");
        admin.created("{\"url\":\"https://example.com/elsewhere\"}");
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go("admin/links/");
            search(browser, code);
            assertEquals(List.of(code), codesShown(browser));
            search(browser, word);
            assertEquals(2, codesShown(browser).size(), codesShown(browser).toString());
            assertTrue(codesShown(browser).contains(code));
            browser.screenshot("links");
        }
    }

    @Test
    void aChangedUrlIsWhereTheShortLinkLeadsNextAndADisabledLinkIsGone() throws IOException {
        Api partner = admin.newPartner("console-history-" + System.nanoTime());
        String code =
                partner.created("{\"url\":\"https://example.com/before\"}").getString("code");
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go("admin/links/link.xhtml?code=" + code);
            var url = browser.waitFor(By.id("edit:url"));
            url.clear();
            url.sendKeys("https://example.com/after");
            browser.clickAndAwaitNewPage(By.id("edit:save"));
            assertEquals("Saved.", browser.text(By.cssSelector(".ui-messages-info-summary")));
            assertEquals(
                    "https://example.com/after",
                    admin.follow(code).headers().firstValue("Location").orElseThrow());

            browser.driver()
                    .findElement(By.cssSelector("#edit\\:enabled .ui-chkbox-box"))
                    .click();
            browser.clickAndAwaitNewPage(By.id("edit:save"));
            assertEquals("disabled", browser.text(By.cssSelector("#state .state")));
            assertEquals(410, admin.follow(code).statusCode());
            assertEquals(
                    List.of("created", "changed", "disabled"),
                    browser.driver().findElements(By.cssSelector("#history tbody tr td:nth-child(3)")).stream()
                            .map(cell -> cell.getText().replace("What", "").strip())
                            .toList());
            assertEquals(List.of("console", "console"), actors(partner, code).subList(1, 3), "no account name");
            assertEquals(
                    List.of("account:" + ADMIN, "account:" + ADMIN),
                    actors(admin, code).subList(1, 3));
            browser.waitFor(By.cssSelector("#clicks-chart canvas"));
            Object qrWidth = browser.driver().executeScript("return document.getElementById('qr').naturalWidth");
            assertEquals(512L, qrWidth, "the QR code is an image the browser could load");
            HttpResponse<String> svg = admin.send(admin.request("admin/qr?download=1&format=svg&code=" + code)
                    .header(
                            "Cookie",
                            "JSESSIONID=" + browser.cookie("JSESSIONID").getValue()));
            assertEquals(
                    "image/svg+xml", svg.headers().firstValue("Content-Type").orElse(""));
            assertTrue(svg.body().contains("<svg"), svg.body());
            assertEquals(
                    302,
                    admin.send(admin.request("admin/qr?format=svg&code=" + code))
                            .statusCode(),
                    "no QR code without a console session");
            browser.screenshot("link");
        }
    }

    @Test
    void selectedLinksAreDisabledTogetherAfterAConfirmation() {
        String word = "bulk" + System.nanoTime();
        List<String> codes = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            codes.add(admin.created("{\"url\":\"https://example.com/" + word + "/" + i + "\"}")
                    .getString("code"));
        }
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go("admin/links/");
            search(browser, word);
            for (var box : browser.driver().findElements(By.cssSelector("#links\\:table tbody .ui-chkbox-box"))) {
                box.click();
            }
            browser.driver().findElement(By.id("links:disable")).click();
            browser.waitFor(By.cssSelector(".ui-confirmdialog-yes")).click();
            assertEquals("3 links disabled.", browser.text(By.cssSelector(".ui-messages-info-summary")));
        }
        for (String code : codes) {
            assertEquals(410, admin.follow(code).statusCode(), code);
        }
    }

    @Test
    void aViewerReadsButCannotChangeAnything() {
        String password = "viewer-password-" + System.nanoTime();
        addAccount("reader", password, "VIEWER");
        String code =
                admin.created("{\"url\":\"https://example.com/read-only\"}").getString("code");
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn("reader", password)) {
            browser.go("admin/links/");
            search(browser, code);
            assertEquals(List.of(code), codesShown(browser));
            assertTrue(browser.driver().findElements(By.id("links:disable")).isEmpty(), "no bulk actions");
            browser.go("admin/links/link.xhtml?code=" + code);
            assertEquals("https://example.com/read-only", browser.text(By.cssSelector("#target a")));
            assertTrue(browser.driver().findElements(By.id("edit:save")).isEmpty(), "no edit form");
        }
        assertEquals(302, admin.follow(code).statusCode());
    }

    @Test
    void aStoredScriptUrlIsShownAsTextAndNeverRuns() {
        String code = admin.created("{\"url\":\"https://e.org/\\\"><script>document.title='owned'</script>\"}")
                .getString("code");
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go("admin/links/link.xhtml?code=" + code);
            String shown = browser.text(By.cssSelector("#target a"));
            assertTrue(shown.startsWith("https://e.org/%22%3E%3Cscript%3E"), shown);
            assertEquals("Link " + code + " · Fuxi", browser.title(), "no script ran");
            browser.go("admin/links/");
            search(browser, code);
            assertEquals("Links · Fuxi", browser.title());
        }
    }

    @Test
    void whatASearchFindsIsExportedAsCsv() throws Exception {
        String word = "export" + System.nanoTime();
        Set<String> codes = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            codes.add(admin.created("{\"url\":\"https://example.com/" + word + "/" + i + "?a=1,2\"}")
                    .getString("code"));
        }
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go("admin/links/");
            search(browser, word);
            browser.driver().findElement(By.id("links:export")).click();
            List<String> lines = Files.readAllLines(
                    browser.download("links-" + LocalDate.now(ZoneOffset.UTC) + ".csv"), StandardCharsets.UTF_8);
            assertEquals(
                    "code,short_url,url,key,created_at,expires_at,enabled,redirect_status,tags,valid_since,max_visits,visits_left,fallback_url,password_protected,domain",
                    lines.get(0));
            assertEquals(4, lines.size(), lines.toString());
            assertEquals(
                    codes,
                    lines.stream().skip(1).map(line -> line.split(",")[0]).collect(Collectors.toSet()));
            assertTrue(lines.get(1).contains(",\"https://example.com/" + word + "/"), lines.get(1));
        }
    }

    /** A thousand lines through the bulk path, one of them bad: 999 links, one refusal, each line's result to download. */
    @Test
    void aCsvFileOfAHundredThousandLinksIsImported() throws Exception {
        ensurePoolHolds(110_000);
        String word = "imported" + System.nanoTime();
        StringBuilder csv = new StringBuilder("url,alias,expiresAt\n");
        for (int i = 0; i < 99_999; i++) {
            csv.append("https://example.com/")
                    .append(word)
                    .append('/')
                    .append(i)
                    .append('\n');
        }
        csv.append("javascript:alert(1)\n");
        Path file = Files.createTempFile("fuxi-import-", ".csv");
        Files.writeString(file, csv);
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.importCsv(file, Duration.ofSeconds(300));
            assertEquals(
                    "100,000 of 100,000 lines: 99,999 created, 0 already there, 1 refused.",
                    browser.text(By.id("counts")).replaceAll("\\s+", " "));
            browser.screenshot("import");
            browser.driver().findElement(By.id("status:results")).click();
            List<String> results = Files.readAllLines(browser.download("import-results.csv"), StandardCharsets.UTF_8);
            assertEquals(100_001, results.size());
            assertTrue(results.get(1).startsWith("1,201,"), results.get(1));
            assertTrue(results.get(100_000).startsWith("100000,400,,,"), results.get(100_000));
            assertTrue(results.get(100_000).endsWith(",url"), results.get(100_000));
        } finally {
            Files.delete(file);
        }
        assertEquals(
                99_999,
                rows.number("SELECT COUNT(*) FROM link WHERE owner_key_id = 1 AND url LIKE ?", "%" + word + "%"));
        assertEquals(
                99_999,
                rows.number(
                        "SELECT COUNT(*) FROM link WHERE url LIKE ? AND created_by = 'account:admin'",
                        "%" + word + "%"));
    }

    /** Adds a batch of codes and waits for it unless the pool has that many left (the tests' pool starts small). */
    private void ensurePoolHolds(long codes) {
        Instant deadline = Instant.now().plusSeconds(120);
        HttpResponse<String> added;
        do { // a 409 while another batch loads on the node (the rest of the first start's codes): wait, then again
            if (poolRemaining() >= codes) {
                return;
            }
            added = admin.post("api/v1/pool/batches", "{\"size\":" + codes + "}");
            if (added.statusCode() == 409) {
                sleep();
            }
        } while (added.statusCode() == 409 && Instant.now().isBefore(deadline));
        assertEquals(202, added.statusCode(), added.body());
        while (poolRemaining() < codes) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("a batch of " + codes + " codes did not load within 120 s");
            }
            sleep();
        }
    }

    /** The innermost elements whose right edge lies past the screen's, to say what made a page too wide. */
    private static final String PAST_THE_EDGE = "const edge = document.documentElement.clientWidth;"
            + " return Array.from(document.querySelectorAll('body *'))"
            + ".filter(e => e.getBoundingClientRect().right > edge + 0.5 && e.children.length === 0)"
            + ".slice(0, 5).map(e => e.tagName + '.' + e.className + ' \"' + (e.textContent || '').slice(0, 60) + '\"')"
            + ".join(' | ');";

    /** On a 390 px wide phone screen no page is wider than the screen. */
    @Test
    void thePagesFitAPhoneScreen() {
        String code = admin.created("{\"url\":\"https://example.com/phone/a/rather/long/path/to/wrap\"}")
                .getString("code");
        String longName =
                "a-key-whose-name-is-as-long-as-a-name-may-be-" + "x".repeat(55); // 100: the key filter's widest
        assertEquals(
                201,
                admin.post("api/v1/keys", "{\"name\":\"" + longName + "\"}").statusCode());
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.driver().manage().window().setSize(new Dimension(390, 844));
            for (String page : List.of(
                    "admin/", "admin/links/", "admin/links/link.xhtml?code=" + code, "admin/keys/", "admin/pool/")) {
                browser.go(page);
                browser.waitFor(By.cssSelector(".console-main h1"));
                Object overflow = browser.driver()
                        .executeScript(
                                "return document.documentElement.scrollWidth - document.documentElement.clientWidth");
                if ((Long) overflow > 0) {
                    browser.screenshot("too-wide");
                }
                assertTrue(
                        (Long) overflow <= 0,
                        () -> page + " is wider than the screen by " + overflow + " px; past its edge: "
                                + browser.driver().executeScript(PAST_THE_EDGE));
            }
            browser.go("admin/");
            browser.waitFor(By.cssSelector("#daily-chart canvas"));
            browser.screenshot("dashboard-phone");
        }
    }

    /** Signs in, opens the links, searches and opens a link with the keyboard alone; the focus always shows. */
    @Test
    void theConsoleIsUsedByKeyboardAloneAndTheFocusAlwaysShows() {
        String code =
                admin.created("{\"url\":\"https://example.com/keyboard\"}").getString("code");
        try (ConsoleBrowser browser = ConsoleBrowser.open(base)) {
            browser.go("admin/");
            browser.waitFor(By.id("sign-in:username"));
            browser.tabTo("the name field", "el.id === 'sign-in:username'");
            browser.driver().switchTo().activeElement().sendKeys(ADMIN);
            browser.tabTo("the password field", "el.id.startsWith('sign-in:password')");
            browser.driver().switchTo().activeElement().sendKeys(PASSWORD);
            browser.pressAndAwaitNewPage(Keys.ENTER);
            assertEquals("Dashboard · Fuxi", browser.title());

            browser.tabTo("the Links area", "el.tagName === 'A' && el.textContent === 'Links'");
            browser.pressAndAwaitNewPage(Keys.ENTER);
            assertEquals("Links · Fuxi", browser.title());

            browser.tabTo("the search field", "el.id === 'links:query'");
            browser.driver().switchTo().activeElement().sendKeys(code);
            browser.pressAndAwaitUpdate(Keys.ENTER, "links:table");
            assertEquals(List.of(code), codesShown(browser));

            browser.tabTo("the link found", "el.classList.contains('code') && el.textContent === '" + code + "'");
            browser.pressAndAwaitNewPage(Keys.ENTER);
            assertTrue(browser.path().contains(code), browser.path());
        }
    }

    @Test
    void consolePagesCarryTheirSecurityHeaders() {
        HttpResponse<String> signIn =
                admin.send(admin.request("admin/sign-in.xhtml").GET());
        assertEquals(200, signIn.statusCode());
        String policy = signIn.headers().firstValue("Content-Security-Policy").orElse("");
        String scripts = policy.substring(policy.indexOf("script-src"));
        assertTrue(scripts.matches("script-src 'self' 'nonce-[A-Za-z0-9+/=_-]+';?"), policy);
        assertFalse(scripts.contains("unsafe"), policy);
        // PrimeFaces 15.0.13 writes the view's locale into a script unescaped (fixed upstream in 14.0.17-LTS only):
        // the console's locale is its own, whatever a browser asks for
        for (String asked : List.of("de-CH", "en-US';alert(1);//", "x-';alert(1)")) {
            String page = admin.send(admin.request("admin/sign-in.xhtml")
                            .header("Accept-Language", asked)
                            .GET())
                    .body();
            assertTrue(page.contains("locale:'en'"), asked + ": " + page);
            assertFalse(page.contains("alert(1)"), asked + ": " + page);
        }
        assertTrue(policy.contains("frame-ancestors 'none'"), policy);
        assertEquals(
                "nosniff", signIn.headers().firstValue("X-Content-Type-Options").orElse(""));
        assertEquals(
                "same-origin", signIn.headers().firstValue("Referrer-Policy").orElse(""));

        HttpResponse<String> dashboard = admin.send(admin.request("admin/").GET());
        assertEquals(302, dashboard.statusCode(), "a console page without a session leads to the sign-in page");
        assertTrue(dashboard.headers().firstValue("Location").orElse("").endsWith("/admin/sign-in.xhtml"));
        assertEquals(401, admin.send(admin.request("api/v1/links").GET()).statusCode(), "the API keeps to its keys");
    }

    /** A post that did not come from the console's own form (no valid view state) changes nothing and signs no one in. */
    @Test
    void aFormPostWithoutAValidViewStateIsRefused() {
        HttpResponse<String> page =
                admin.send(admin.request("admin/sign-in.xhtml").GET());
        String cookie = page.headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];
        Matcher viewState = VIEW_STATE.matcher(page.body());
        assertTrue(viewState.find(), page.body());

        HttpResponse<String> forged = postSignIn(cookie, "forged-" + viewState.group(1));
        assertEquals(400, forged.statusCode(), forged.body());
        assertFalse(forged.body().contains("Exception"), forged.body());
        HttpResponse<String> stateless = postSignIn(cookie, "stateless");
        assertEquals(400, stateless.statusCode(), "the console has no stateless views: " + stateless.body());
        assertTrue(stateless.body().contains("This form has expired"), stateless.body());
        HttpResponse<String> withoutState = postSignIn(cookie, null);
        assertEquals(200, withoutState.statusCode(), "without a view state the post is only a request for the page");
        assertTrue(withoutState.body().contains("sign-in:username"), withoutState.body());

        HttpResponse<String> after =
                admin.send(admin.request("admin/").header("Cookie", cookie).GET());
        assertEquals(302, after.statusCode(), "still not signed in");
    }

    /**
     * An upload is taken only by the import page from a signed-in admin: anyone else's is refused before it is read,
     * however large it claims to be.
     */
    @Test
    void anUploadWithoutAnAdminIsRefusedUnread() {
        for (String path : List.of("admin/sign-in.xhtml", "admin/links/import.xhtml", "admin/")) {
            HttpResponse<String> refused = admin.send(admin.request(path)
                    .header("Content-Type", "multipart/form-data; boundary=x")
                    .POST(HttpRequest.BodyPublishers.ofString(
                            "--x\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.csv\"\r\n\r\n"
                                    + "url\r\nhttps://example.com/\r\n--x--\r\n")));
            assertEquals(403, refused.statusCode(), path + ": " + refused.body());
            assertTrue(refused.body().contains("Upload refused"), refused.body());
        }
    }

    /** Who made each change of the link, as this caller reads its history through the API. */
    private static List<String> actors(Api caller, String code) {
        return Api.json(caller.get("api/v1/links/" + code + "/history")).getJsonArray("entries").stream()
                .map(entry -> entry.asJsonObject().getString("actor"))
                .toList();
    }

    private static void search(ConsoleBrowser browser, String query) {
        var field = browser.waitFor(By.id("links:query"));
        field.clear();
        field.sendKeys(query);
        browser.clickAndAwaitUpdate(By.id("links:search"), "links:table");
    }

    private static List<String> codesShown(ConsoleBrowser browser) {
        return browser.driver().findElements(By.cssSelector("#links\\:table tbody a.code")).stream()
                .map(link -> link.getText())
                .toList();
    }

    private HttpResponse<String> postSignIn(String cookie, String viewState) {
        String form = "sign-in=sign-in&sign-in%3Ausername=admin&sign-in%3Apassword="
                + URLEncoder.encode(PASSWORD, StandardCharsets.UTF_8) + "&sign-in%3Asubmit="
                + (viewState == null
                        ? ""
                        : "&jakarta.faces.ViewState=" + URLEncoder.encode(viewState, StandardCharsets.UTF_8));
        return admin.send(admin.request("admin/sign-in.xhtml")
                .header("Cookie", cookie)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)));
    }

    /** Today's totals across all links, as GET /api/v1/stats answers them. */
    private long poolRemaining() {
        return Api.json(admin.get("api/v1/pool")).getJsonNumber("remaining").longValue();
    }

    private JsonObject today() {
        String today = LocalDate.now(ZoneOffset.UTC).toString();
        return Api.json(admin.get("api/v1/stats?from=" + today + "&to=" + today)).getJsonArray("days").stream()
                .map(value -> value.asJsonObject())
                .filter(value -> value.getString("date").equals(today))
                .findFirst()
                .orElse(Json.createObjectBuilder()
                        .add("linksCreated", 0)
                        .add("clicks", 0)
                        .add("botClicks", 0)
                        .build());
    }

    private void awaitFlushed(JsonObject before, int more) {
        Instant deadline = Instant.now().plusSeconds(30);
        while (Instant.now().isBefore(deadline)) {
            JsonObject now = today();
            if (number(now, "linksCreated") >= number(before, "linksCreated") + more
                    && number(now, "clicks") + number(now, "botClicks")
                            >= number(before, "clicks") + number(before, "botClicks") + more) {
                return;
            }
            sleep();
        }
        throw new AssertionError("the new links and clicks were not flushed within 30 s");
    }

    private static long number(JsonObject day, String name) {
        return day.getJsonNumber(name).longValue();
    }

    private static void sleep() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** An account as the console stores it: Jakarta Security's PBKDF2 string (few iterations, to keep the test quick). */
    static void addAccount(String username, String password, String role) {
        byte[] salt = new byte[32];
        new SecureRandom().nextBytes(salt);
        int iterations = 1024;
        try {
            byte[] hash = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA512")
                    .generateSecret(new PBEKeySpec(password.toCharArray(), salt, iterations, 64 * 8))
                    .getEncoded();
            String stored = "PBKDF2WithHmacSHA512:" + iterations + ":"
                    + Base64.getEncoder().encodeToString(salt) + ":"
                    + Base64.getEncoder().encodeToString(hash);
            new Rows(TestDatabase.dataSource("fuxi"))
                    .execute(
                            "INSERT INTO admin_account (username, password_hash, role, created_at) VALUES (?, ?, ?, UTC_TIMESTAMP())",
                            username,
                            stored,
                            role);
        } catch (java.security.NoSuchAlgorithmException | InvalidKeySpecException e) {
            throw new IllegalStateException(e);
        }
    }
}
