package io.fuxi.it;

import static io.fuxi.it.AdminConsoleIT.ADMIN;
import static io.fuxi.it.AdminConsoleIT.PASSWORD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The console's API keys, destinations, code pool and expiry pages in a real headless Chromium against the real WAR:
 * what an admin changes there is checked where partners would notice it (the API), and a viewer sees every page
 * without a single control that could change something.
 */
@Tag("browser")
class ConsoleAdminPagesIT extends DeployedFuxi {

    private static final By INFO = By.cssSelector(".ui-messages-info-summary");
    private static final By YES = By.cssSelector(".ui-confirmdialog-yes");

    @Test
    void aKeyCreatedInTheConsoleWorksOnTheApiUntilItIsRevokedThere() {
        String name = "console-key-" + System.nanoTime();
        Api partner;
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go("admin/keys/");
            browser.waitFor(By.id("keys:name")).sendKeys(name);
            browser.clickAndAwaitUpdate(By.id("keys:create"), "keys:table");
            assertEquals("Key created. Copy its secret now: it is shown only this once.", browser.text(INFO));
            partner = admin.as(browser.text(By.id("keys:secret")));
            browser.screenshot("keys");
            assertEquals(200, partner.get("api/v1/links").statusCode(), "the secret shown is the key's");

            browser.driver().findElement(revokeButtonOf(name)).click();
            browser.waitFor(YES);
            browser.clickAndAwaitUpdate(YES, "keys:table");
            assertTrue(browser.text(INFO).endsWith(" revoked: its next call fails."), browser.text(INFO));
            assertTrue(browser.driver().findElements(revokeButtonOf(name)).isEmpty(), "a revoked key has no button");
        }
        assertEquals(401, partner.get("api/v1/links").statusCode(), "the revoked key fails its next call");
    }

    @Test
    void aBatchAddedInTheConsoleFillsItsProgressBarWhileThePageWatches() {
        await(this::noBatchUnfinished, Duration.ofSeconds(60), "an earlier batch to finish");
        long newestBefore = newestBatchId();
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go("admin/pool/");
            browser.waitFor(By.id("pool:size_input")).sendKeys("50000");
            browser.clickAndAwaitUpdate(By.id("pool:add"), "pool:batches");
            assertEquals(
                    "Batch started: it loads in the background, and its progress shows below.", browser.text(INFO));
            await(() -> newestBatchId() > newestBefore, Duration.ofSeconds(10), "the batch to start");
            long batch = newestBatchId();

            // the page is never loaded again: its poll brings the progress
            new WebDriverWait(browser.driver(), Duration.ofSeconds(60))
                    .ignoring(StaleElementReferenceException.class)
                    .until(page -> "100%"
                            .equals(page.findElement(progressLabelOf(batch)).getDomProperty("textContent")));
            JsonObject pool = Api.json(admin.get("api/v1/pool"));
            assertEquals(
                    String.format("%,d", pool.getJsonNumber("loadedSeq").longValue()),
                    browser.text(By.id("pool:loaded")),
                    "the figures came with the progress");
            browser.screenshot("pool");
        }
        JsonObject loaded = Api.json(admin.get("api/v1/pool")).getJsonArray("batches").stream()
                .map(value -> value.asJsonObject())
                .filter(value -> value.getJsonNumber("id").longValue() > newestBefore)
                .findFirst()
                .orElseThrow();
        assertEquals(50_000, loaded.getJsonNumber("size").longValue());
        assertEquals(50_000, loaded.getJsonNumber("loaded").longValue());
    }

    @Test
    void aRuleAddedInTheConsoleRefusesLinksToItsHostUntilItIsDeletedThere() {
        String host = "console-" + System.nanoTime() + ".example";
        String url = "{\"url\":\"https://www." + host + "/offer\"}";
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go("admin/destinations/");
            browser.waitFor(By.id("destinations:host")).sendKeys(host);
            browser.driver().findElement(By.id("destinations:note")).sendKeys("added by ConsoleAdminPagesIT");
            browser.clickAndAwaitUpdate(By.id("destinations:add"), "destinations:rules");
            assertEquals("Rule added: it applies to new links and redirects at once.", browser.text(INFO));
            browser.screenshot("destinations");
            HttpResponse<String> refused = admin.create(url);
            Api.assertProblem(refused, 400, "url");
            assertTrue(Api.json(refused).getString("detail").contains("(" + host + ")"), refused.body());

            browser.driver().findElement(deleteButtonOf(host)).click();
            browser.waitFor(YES);
            browser.clickAndAwaitUpdate(YES, "destinations:rules");
            assertEquals("Rule for " + host + " deleted.", browser.text(INFO));
        }
        assertEquals(201, admin.create(url).statusCode());
    }

    @Test
    void purgeNowPurgesExpiredLinksAndShowsTheReport() {
        String code = admin.created("{\"url\":\"https://example.com/console-purge\",\"expiresAt\":\""
                        + Instant.now().plus(Duration.ofMinutes(1)) + "\"}")
                .getString("code");
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            admin.moveClock(Duration.ofMinutes(2));
            assertEquals(410, admin.follow(code).statusCode());
            browser.go("admin/expiry/");
            browser.waitFor(By.id("expiry:purge")).click();
            browser.waitFor(YES);
            browser.clickAndAwaitUpdate(YES, "expiry:runs");
            assertEquals("Purge done: its report is below.", browser.text(INFO));
            long purged = Long.parseLong(browser.text(By.id("expiry:last-purged")));
            assertTrue(purged >= 1, "at least the expired link: " + purged);
            JsonObject anywhere = Api.json(admin.get("api/v1/expiry")).getJsonObject("lastFinishedAnywhere");
            assertEquals(purged, anywhere.getJsonNumber("linksPurged").longValue(), "the run that just finished");
            String lastAnywhere = browser.text(By.id("expiry:anywhere"));
            assertTrue(lastAnywhere.contains(anywhere.getString("node")), lastAnywhere);
            browser.screenshot("expiry");
        }
        assertEquals(404, admin.follow(code).statusCode(), "purged");
    }

    /** An admin makes a viewer account whose shown password signs in, reads only, and stops working once deleted. */
    @Test
    void anAccountCreatedInTheConsoleSignsInUntilItIsDeletedThere() {
        String name = "vera" + System.nanoTime();
        String password;
        try (ConsoleBrowser admins = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            admins.go("admin/accounts/");
            admins.waitFor(By.id("accounts:username")).sendKeys(name);
            admins.clickAndAwaitUpdate(By.id("accounts:create"), "accounts:table");
            assertEquals("Account created. Copy its password now: it is shown only this once.", admins.text(INFO));
            password = admins.text(By.id("accounts:secret"));
            admins.screenshot("accounts");
            try (ConsoleBrowser vera = ConsoleBrowser.open(base).signIn(name, password)) {
                assertEquals(name + " (viewer)", vera.text(By.cssSelector(".console-user")));
                vera.go("admin/links/");
                vera.waitFor(By.id("links:search"));

                admins.driver()
                        .findElement(By.xpath("//tr[.//span[@class='account-name' and text()='" + name
                                + "']]//button[contains(@id,':delete')]"))
                        .click();
                admins.waitFor(YES);
                admins.clickAndAwaitUpdate(YES, "accounts:table");
                assertEquals("Account " + name + " deleted.", admins.text(INFO));

                // her open page's next Ajax request lands on the sign-in page: the session ended with the account
                vera.driver().findElement(By.id("links:search")).click();
                vera.await(
                        "the sign-in page",
                        Duration.ofSeconds(20),
                        driver -> vera.path().startsWith("/admin/sign-in.xhtml"));
                vera.go("admin/links/");
                assertTrue(vera.path().startsWith("/admin/sign-in.xhtml"), "no page opens: " + vera.path());
            }
        }
        try (ConsoleBrowser vera = ConsoleBrowser.open(base).signIn(name, password)) {
            assertEquals("Sign in · Fuxi", vera.title(), "a deleted account cannot sign in");
        }
    }

    @Test
    void aViewerSeesThesePagesWithoutAnyControlThatChangesSomething() {
        String name = "pages-viewer-" + System.nanoTime();
        String password = "viewer-password-" + System.nanoTime();
        AdminConsoleIT.addAccount(name, password, "VIEWER");
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(name, password)) {
            for (List<String> page : List.of(
                    List.of("admin/keys/", "API keys", "keys:table"),
                    List.of("admin/destinations/", "Destinations", "destinations:rules"),
                    List.of("admin/pool/", "Code pool", "pool:batches"),
                    List.of("admin/expiry/", "Expiry", "expiry:runs"),
                    List.of("admin/accounts/", "Console accounts", "accounts:table"))) {
                browser.go(page.get(0));
                browser.waitFor(By.id(page.get(2)));
                assertEquals(page.get(1) + " · Fuxi", browser.title());
                assertEquals(
                        List.of(),
                        browser
                                .driver()
                                .findElements(By.cssSelector(
                                        "main button, main input:not([type=hidden]), main select, main textarea"))
                                .stream()
                                .map(control -> control.getDomAttribute("id"))
                                .toList(),
                        page.get(0));
            }
            browser.screenshot("keys-viewer");
        }
    }

    private static By revokeButtonOf(String keyName) {
        return By.xpath(
                "//tr[.//span[@class='key-name' and text()='" + keyName + "']]//button[contains(@id,':revoke')]");
    }

    private static By deleteButtonOf(String host) {
        return By.xpath("//tr[.//span[@class='rule-host' and text()='" + host + "']]//button[contains(@id,':delete')]");
    }

    private static By progressLabelOf(long batch) {
        return By.xpath("//tr[.//span[@class='batch-id' and text()='" + batch
                + "']]//div[contains(@class,'ui-progressbar-label')]");
    }

    private boolean noBatchUnfinished() {
        return Api.json(admin.get("api/v1/pool")).getJsonArray("batches").stream()
                .allMatch(batch -> batch.asJsonObject().containsKey("finishedAt"));
    }

    private long newestBatchId() {
        var batches = Api.json(admin.get("api/v1/pool")).getJsonArray("batches");
        return batches.isEmpty()
                ? 0
                : batches.getJsonObject(0).getJsonNumber("id").longValue();
    }

    private static void await(BooleanSupplier condition, Duration limit, String what) {
        Instant deadline = Instant.now().plus(limit);
        while (!condition.getAsBoolean()) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("waited " + limit.toSeconds() + " s for " + what);
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
