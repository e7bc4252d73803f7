package io.fuxi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.security.spec.InvalidKeySpecException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;

/**
 * The console in a real headless Chromium against the real WAR and database: signing in and out, the slow-down after
 * failed sign-ins, a viewer, the dashboard's figures against the API's, the security headers and a forged form post.
 */
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

    /** Five failures for an account make even its right password wait, with no word on which part was wrong. */
    @Test
    void repeatedFailuresSlowDownTheAccountUntilItsWaitIsOver() throws InterruptedException {
        String password = "viewer-password-" + System.nanoTime();
        addAccount("watcher", password, "VIEWER");
        try (ConsoleBrowser browser = ConsoleBrowser.open(base)) {
            browser.go("admin/");
            for (int i = 0; i < 5; i++) {
                browser.submitSignIn("watcher", "guess-" + i);
                assertEquals("The name or the password is not right.", browser.text(ERROR));
            }
            browser.submitSignIn("watcher", password);
            Matcher wait = Pattern.compile("Too many failed sign-ins\\. Try again in (\\d+) seconds?\\.")
                    .matcher(browser.text(ERROR));
            assertTrue(wait.matches(), browser.text(ERROR));
            browser.screenshot("sign-in-slowed-down");

            Thread.sleep(Long.parseLong(wait.group(1)) * 1000 + 200);
            browser.submitSignIn("watcher", password);
            assertEquals("Dashboard · Fuxi", browser.title());
            assertEquals("watcher (viewer)", browser.text(By.cssSelector(".console-user")));
        }
    }

    @Test
    void theDashboardShowsTheSameFiguresAsTheApi() {
        for (int i = 0; i < 3; i++) {
            String code = admin.created("{\"url\":\"https://example.com/dashboard/" + i + "\"}")
                    .getString("code");
            assertEquals(302, admin.follow(code).statusCode());
        }
        JsonObject today = awaitFlushedToday();
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            assertEquals(
                    String.format("%,d", today.getJsonNumber("linksCreated").longValue()),
                    browser.text(By.cssSelector("#created-today .figure-value")));
            assertEquals(
                    String.format(
                            "%,d",
                            today.getJsonNumber("clicks").longValue()
                                    + today.getJsonNumber("botClicks").longValue()),
                    browser.text(By.cssSelector("#clicks-today .figure-value")));
            long remaining = Api.json(admin.get("api/v1/pool"))
                    .getJsonNumber("remaining")
                    .longValue();
            assertEquals(
                    String.format("%,d", remaining), browser.text(By.cssSelector("#pool-remaining .figure-value")));
            browser.waitFor(By.cssSelector("#daily-chart canvas"));
            browser.screenshot("dashboard");
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
        HttpResponse<String> withoutState = postSignIn(cookie, null);
        assertEquals(200, withoutState.statusCode(), "without a view state the post is only a request for the page");
        assertTrue(withoutState.body().contains("sign-in:username"), withoutState.body());

        HttpResponse<String> after =
                admin.send(admin.request("admin/").header("Cookie", cookie).GET());
        assertEquals(302, after.statusCode(), "still not signed in");
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

    private JsonObject awaitFlushedToday() {
        String today = LocalDate.now(ZoneOffset.UTC).toString();
        Instant deadline = Instant.now().plusSeconds(30);
        while (Instant.now().isBefore(deadline)) {
            JsonObject day =
                    Api.json(admin.get("api/v1/stats?from=" + today + "&to=" + today)).getJsonArray("days").stream()
                            .map(value -> value.asJsonObject())
                            .filter(value -> value.getString("date").equals(today))
                            .findFirst()
                            .orElse(null);
            if (day != null
                    && day.getJsonNumber("linksCreated").longValue() >= 3
                    && day.getJsonNumber("clicks").longValue()
                                    + day.getJsonNumber("botClicks").longValue()
                            >= 3) {
                return day;
            }
            sleep();
        }
        throw new AssertionError("the clicks were not flushed within 30 s");
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
    private void addAccount(String username, String password, String role) {
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
            rows.execute(
                    "INSERT INTO admin_account (username, password_hash, role, created_at) VALUES (?, ?, ?, UTC_TIMESTAMP())",
                    username,
                    stored,
                    role);
        } catch (java.security.NoSuchAlgorithmException | InvalidKeySpecException e) {
            throw new IllegalStateException(e);
        }
    }
}
