package io.fuxi.it;

import static io.fuxi.it.AdminConsoleIT.ADMIN;
import static io.fuxi.it.AdminConsoleIT.PASSWORD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * Password-protected links in the console, in a real headless Chromium against the real WAR: a password given on the
 * "New link" page protects the link, a refused one is said beside its field and makes nothing, and a link's page sets,
 * replaces and removes its password. What the console does is checked where partners and visitors see it: the API,
 * the link's history and its short URL. No page ever holds a password typed.
 */
@Tag("browser")
class ConsoleLinkPasswordIT extends DeployedFuxi {

    private static final By INFO = By.cssSelector(".ui-messages-info-summary");
    private static final By ERROR = By.cssSelector(".ui-messages-error-summary");
    private static final By CREATE = By.id("new-link:create");
    private static final By SAVE = By.id("edit:save");
    private static final String NEW_LINK = "admin/links/new.xhtml";

    /** A PrimeFaces message holding an error: the element a p:message renders beside its field. */
    private static final String ERROR_MESSAGE =
            "div[contains(concat(' ', normalize-space(@class), ' '), ' ui-message-error ')]";

    /** What the API says of a password too short or too long (the feature's contract). */
    private static final String BAD_LENGTH = "password: password must be 8 to 128 characters";

    /** Seven characters, none of which a page escapes, and a string no page holds by chance. */
    private static final String SEVEN = "Q7#zv~k";

    /** The form of a protected link's short URL: its password field. */
    private static final Pattern PASSWORD_INPUT = Pattern.compile(
            "<input(?=[^>]*\\btype=\"password\")(?=[^>]*\\bname=\"password\")[^>]*>", Pattern.CASE_INSENSITIVE);

    private static final Pattern POST_FORM = Pattern.compile("<form[^>]*\\bmethod=\"post\"", Pattern.CASE_INSENSITIVE);

    /** Aliases, key names, URLs and passwords of this run only: every test class shares the database and deployment. */
    private static final AtomicLong SERIAL = new AtomicLong(System.nanoTime() & Long.MAX_VALUE);

    private final Rows rows = new Rows(TestDatabase.dataSource("fuxi"));

    @Test
    void aPasswordGivenOnTheNewLinkPageProtectsTheLinkAndIsNeverShownBack() throws Exception {
        JsonObject key = newKey();
        String alias = uniqueAlias();
        String word = word();
        String url = "https://example.com/" + word + "/locked";
        String plain = admin.created("{\"url\":\"https://example.com/" + word + "/plain\"}")
                .getString("code");
        String password = secret("made");
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go(NEW_LINK);
            WebElement field = browser.waitFor(By.id("new-link:password"));
            assertEquals("password", field.getDomAttribute("type"), "typed, it shows dots");
            assertEquals("new-password", field.getDomAttribute("autocomplete"), "no saved password filled in");
            choose(browser, "new-link:owner", label(key));
            type(browser, "new-link:url", url);
            type(browser, "new-link:alias", alias);
            type(browser, "new-link:password", password);
            browser.screenshot("new-link-password");
            browser.clickAndAwaitNewPage(CREATE);

            assertEquals("Link " + alias + " created.", browser.text(INFO));
            assertEquals("/admin/links/link.xhtml?code=" + alias, browser.path(), "the new link's page");
            assertEquals("set", browser.text(By.id("password-state")));
            assertEquals("", value(browser, "edit:password-field"), "the link page shows no password");
            assertFalse(
                    browser.driver().findElements(By.id("edit:remove-password")).isEmpty(), "it can be removed");
            assertNotOnThePage(browser, password);

            browser.go("admin/links/");
            search(browser, word);
            assertEquals(Map.of(alias, true, plain, false), locksShown(browser), "only the protected link is marked");
            browser.screenshot("links-password-protected");
            assertNotOnThePage(browser, password);

            browser.driver().findElement(By.id("links:export")).click();
            Path export = browser.download("links-" + LocalDate.now(ZoneOffset.UTC) + ".csv");
            String csv = Files.readString(export, StandardCharsets.UTF_8);
            assertFalse(csv.contains(password), "the export never has the password: " + csv);
            List<String> lines = csv.lines().toList();
            List<String> header = List.of(lines.get(0).split(",", -1));
            int flag = header.indexOf("password_protected");
            assertTrue(flag > 0, lines.get(0));
            Map<String, String> flags = new HashMap<>();
            for (String line : lines.subList(1, lines.size())) {
                String[] cells = line.split(",", -1); // no cell of these links holds a comma
                flags.put(cells[0], cells[flag]);
            }
            assertEquals(Map.of(alias, "true", plain, "false"), flags, csv);
        }

        JsonObject link = admin.link(alias);
        assertTrue(link.getBoolean("passwordProtected"), link.toString());
        assertEquals(url, link.getString("url"), link.toString());
        assertFalse(link.containsKey("password"), "the API never answers a password: " + link);
        assertFalse(link.toString().contains(password), link.toString());
        assertFalse(admin.link(plain).getBoolean("passwordProtected"), "the other link has none");
        List<JsonObject> history = history(alias);
        JsonObject created = history.get(0);
        assertEquals("created", created.getString("action"), created.toString());
        assertEquals("set", password(created.getJsonObject("after")), created.toString());
        assertFalse(history.toString().contains(password), "the history never holds the password");

        assertAsksForThePassword(alias, url);
        assertOpens(alias, password, url);
        HttpResponse<String> other = visitAsAPerson(plain);
        assertEquals(302, other.statusCode(), "a link without a password redirects as before");
    }

    @Test
    void aPasswordTooShortOrTooLongIsRefusedBesideItsFieldAndMakesNoLink() {
        JsonObject key = newKey();
        String url = "https://example.com/console-password/" + word();
        String tooLong = (secret("long") + "-" + "y".repeat(128)).substring(0, 129);
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go(NEW_LINK);
            choose(browser, "new-link:owner", label(key));
            type(browser, "new-link:url", url);
            type(browser, "new-link:password", SEVEN);
            browser.clickAndAwaitNewPage(CREATE);
            assertNewLinkRefused(browser);
            assertEquals(BAD_LENGTH, besidePassword(browser, "new-link:password"));
            browser.screenshot("new-link-short-password");
            assertEquals(url, value(browser, "new-link:url"), "the form keeps the other fields typed");
            assertNotOnThePage(browser, SEVEN);
            assertEquals(0, linksWithUrl(url), "no link with a refused password");

            browser.go(NEW_LINK);
            choose(browser, "new-link:owner", label(key));
            type(browser, "new-link:url", url);
            type(browser, "new-link:password", tooLong);
            browser.clickAndAwaitNewPage(CREATE);
            assertNewLinkRefused(browser);
            assertEquals(BAD_LENGTH, besidePassword(browser, "new-link:password"));
            assertNotOnThePage(browser, tooLong);
        }
        assertEquals(0, linksWithUrl(url), "no refused create made a link");
        Api partner = admin.as(key.getString("secret"));
        assertEquals(List.of(), partner.listedCodes(), "no refused create made a link for the key");
    }

    @Test
    void theLinkPageSetsReplacesAndRemovesAPasswordAndNeverShowsOne() throws InterruptedException {
        String url = "https://example.com/console-password/" + word();
        String code = admin.created("{\"url\":\"" + url + "\"}").getString("code");
        assertFalse(admin.link(code).getBoolean("passwordProtected"), "made without a password");
        String first = secret("first");
        String second = secret("second");
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go("admin/links/link.xhtml?code=" + code);
            assertEquals("none", browser.text(By.id("password-state")));
            assertEquals("", value(browser, "edit:password-field"));
            assertTrue(
                    browser.driver().findElements(By.id("edit:remove-password")).isEmpty(), "none to remove");

            type(browser, "edit:password-field", first);
            browser.clickAndAwaitNewPage(SAVE);
            assertEquals("Saved.", browser.text(INFO));
            assertEquals("set", browser.text(By.id("password-state")));
            assertEquals("", value(browser, "edit:password-field"), "not shown back");
            assertNotOnThePage(browser, first);
            browser.screenshot("link-password-set");
            assertPasswordChanged(code, null, "set");
            assertTrue(admin.link(code).getBoolean("passwordProtected"), "set");
            assertAsksForThePassword(code, url);
            assertOpens(code, first, url);

            type(browser, "edit:password-field", second);
            browser.clickAndAwaitNewPage(SAVE);
            assertEquals("Saved.", browser.text(INFO));
            assertEquals("set", browser.text(By.id("password-state")));
            assertEquals("", value(browser, "edit:password-field"), "not shown back");
            assertNotOnThePage(browser, first);
            assertNotOnThePage(browser, second);
            assertPasswordChanged(code, "set", "replaced");
            assertTrue(admin.link(code).getBoolean("passwordProtected"), "replaced");
            assertAsksForThePassword(code, url);
            assertOpens(code, second, url);

            browser.driver()
                    .findElement(By.cssSelector("#edit\\:remove-password .ui-chkbox-box"))
                    .click();
            browser.clickAndAwaitNewPage(SAVE);
            assertEquals("Saved.", browser.text(INFO));
            assertEquals("none", browser.text(By.id("password-state")));
            assertTrue(
                    browser.driver().findElements(By.id("edit:remove-password")).isEmpty(), "none to remove");
            browser.screenshot("link-password-removed");
            assertPasswordChanged(code, "set", null);
            assertFalse(admin.link(code).getBoolean("passwordProtected"), "removed");
        }
        HttpResponse<String> visit = visitAsAPerson(code);
        assertEquals(302, visit.statusCode(), "without its password it redirects again: " + visit.body());
        assertEquals(url, visit.headers().firstValue("Location").orElseThrow());
        String history = historyText(code);
        assertFalse(history.contains(first) || history.contains(second), "the history never holds a password");
    }

    @Test
    void aRefusedPasswordOnTheLinkPageIsSaidBesideItsFieldAndChangesNothing() throws InterruptedException {
        String url = "https://example.com/console-password/" + word();
        String password = secret("kept");
        String code = admin.created("{\"url\":\"" + url + "\",\"password\":\"" + password + "\"}")
                .getString("code");
        assertTrue(admin.link(code).getBoolean("passwordProtected"), "made with a password");
        String before = historyText(code);
        String other = secret("other");
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go("admin/links/link.xhtml?code=" + code);
            assertEquals("set", browser.text(By.id("password-state")));

            type(browser, "edit:password-field", SEVEN);
            browser.clickAndAwaitNewPage(SAVE);
            assertEquals(BAD_LENGTH, besidePassword(browser, "edit:password-field"));
            browser.screenshot("link-short-password");
            assertEquals("set", browser.text(By.id("password-state")), "the page still shows the link's password");
            assertNotOnThePage(browser, SEVEN);
            assertEquals(before, historyText(code), "a refused change writes no history");

            type(browser, "edit:password-field", other);
            browser.driver()
                    .findElement(By.cssSelector("#edit\\:remove-password .ui-chkbox-box"))
                    .click();
            browser.clickAndAwaitNewPage(SAVE);
            String both = besidePassword(browser, "edit:password-field");
            assertEquals("password: type a new password or remove it, not both", both);
            assertEquals("set", browser.text(By.id("password-state")));
            assertNotOnThePage(browser, other);
            assertEquals(before, historyText(code), "neither a new password nor none");

            browser.go("admin/links/link.xhtml?code=" + code);
            type(browser, "edit:password-field", "        ");
            browser.clickAndAwaitNewPage(SAVE);
            assertEquals("Saved.", browser.text(INFO));
            assertEquals("set", browser.text(By.id("password-state")), "a blank field leaves the password as it is");
            assertEquals(before, historyText(code), "nothing changed");
        }
        assertTrue(admin.link(code).getBoolean("passwordProtected"), "still protected");
        assertOpens(code, password, url); // the password it was made with, still
    }

    /** The short URL asks a visitor for the password: a 200 form page, no redirect, not the link's URL. */
    private void assertAsksForThePassword(String code, String url) {
        HttpResponse<String> visit = visitAsAPerson(code);
        String body = visit.body();
        assertEquals(200, visit.statusCode(), body);
        assertTrue(visit.headers().firstValue("Location").isEmpty(), "no redirect: " + visit.headers());
        String type = visit.headers().firstValue("Content-Type").orElse("");
        assertTrue(type.startsWith("text/html"), type);
        assertTrue(POST_FORM.matcher(body).find(), "a form that posts: " + body);
        assertTrue(PASSWORD_INPUT.matcher(body).find(), "a password field named password: " + body);
        assertFalse(body.contains(url), "the form never gives the link's URL away");
    }

    /**
     * The password, posted as the short URL's form posts it, leads to the link's URL: the console sent it as typed.
     * Another test's wrong passwords from this address, or this node's checks being busy, make it wait as told.
     */
    private void assertOpens(String code, String password, String url) throws InterruptedException {
        HttpResponse<String> answer = postPassword(code, password);
        for (int tries = 1; tries < 5 && (answer.statusCode() == 429 || answer.statusCode() == 503); tries++) {
            long seconds = answer.headers().firstValueAsLong("Retry-After").orElse(1);
            Thread.sleep(Duration.ofSeconds(Math.min(Math.max(seconds, 1), 60)).toMillis());
            answer = postPassword(code, password);
        }
        assertEquals(303, answer.statusCode(), answer.body());
        assertEquals(url, answer.headers().firstValue("Location").orElseThrow());
    }

    private HttpResponse<String> postPassword(String code, String password) {
        return admin.send(admin.request(code)
                .header("User-Agent", ClickStatsIT.FIREFOX)
                .header("Accept", "text/html")
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(
                        "password=" + URLEncoder.encode(password, StandardCharsets.UTF_8))));
    }

    /** A GET of the short URL as a browser sends it: a visit by a person. */
    private HttpResponse<String> visitAsAPerson(String code) {
        return admin.send(admin.request(code)
                .header("User-Agent", ClickStatsIT.FIREFOX)
                .header("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
                .GET());
    }

    /** The link's newest history entry is the console's change of its password, and of nothing else. */
    private void assertPasswordChanged(String code, String before, String after) {
        List<JsonObject> entries = history(code);
        JsonObject last = entries.get(entries.size() - 1);
        String context = last.toString();
        assertEquals("changed", last.getString("action"), context);
        assertEquals("account:" + ADMIN, last.getString("actor"), context);
        assertEquals(
                Set.of("password"), last.getJsonObject("before").keySet(), "only the password changed: " + context);
        assertEquals(before, password(last.getJsonObject("before")), context);
        assertEquals(after, password(last.getJsonObject("after")), context);
    }

    /** A history entry's password field: null (none), "set" or "replaced". */
    private static String password(JsonObject fields) {
        assertTrue(fields.containsKey("password"), "no password in " + fields);
        JsonValue value = fields.get("password");
        return value.getValueType() == JsonValue.ValueType.NULL ? null : ((JsonString) value).getString();
    }

    private List<JsonObject> history(String code) {
        return Api.json(historyAnswer(code)).getJsonArray("entries").getValuesAs(JsonObject.class);
    }

    private String historyText(String code) {
        return historyAnswer(code).body();
    }

    private HttpResponse<String> historyAnswer(String code) {
        HttpResponse<String> history = admin.get("api/v1/links/" + code + "/history");
        assertEquals(200, history.statusCode(), history.body());
        return history;
    }

    /** Neither the page's markup nor any field's value holds this password. */
    private static void assertNotOnThePage(ConsoleBrowser browser, String password) {
        assertFalse(browser.driver().getPageSource().contains(password), "the page holds the password typed");
        Object values = browser.driver()
                .executeScript("return Array.from(document.querySelectorAll('input, textarea'))"
                        + ".map(field => field.value).join('\\n')");
        assertFalse(String.valueOf(values).contains(password), "a field holds the password typed");
    }

    /** The create was refused: the New link page is still shown, and nothing was made. */
    private static void assertNewLinkRefused(ConsoleBrowser browser) {
        assertEquals("New link · Fuxi", browser.title());
        assertTrue(browser.path().startsWith("/" + NEW_LINK), browser.path());
        assertEquals(List.of(), browser.driver().findElements(INFO), "nothing was created");
    }

    /**
     * The refusal beside the password field with this id (in the p:message after it), as "password: detail", and the
     * same in the page's messages and nowhere else in its form; the field is empty again.
     */
    private static String besidePassword(ConsoleBrowser browser, String id) {
        String message = browser.text(By.xpath("//*[@id='" + id + "']/following-sibling::" + ERROR_MESSAGE));
        assertTrue(message.startsWith("password: "), id + ": " + message);
        String form = id.substring(0, id.indexOf(':'));
        List<String> beside = texts(browser.driver().findElements(By.cssSelector("#" + form + " .ui-message-error")));
        assertEquals(List.of(message), beside, "beside that field only");
        assertEquals(List.of(message), texts(browser.driver().findElements(ERROR)), "and in the page's messages");
        assertEquals(List.of(), browser.driver().findElements(INFO), "nothing was saved");
        assertEquals("", value(browser, id), "the password is not shown back");
        return message;
    }

    /** Types the words into the links table's search field and waits for the table to show what matches. */
    private static void search(ConsoleBrowser browser, String query) {
        WebElement field = browser.waitFor(By.id("links:query"));
        field.clear();
        field.sendKeys(query);
        browser.clickAndAwaitUpdate(By.id("links:search"), "links:table");
    }

    /** Each row's code with whether it carries the lock of a password-protected link. */
    private static Map<String, Boolean> locksShown(ConsoleBrowser browser) {
        Map<String, Boolean> shown = new LinkedHashMap<>();
        for (WebElement row : browser.driver().findElements(By.cssSelector("#links\\:table tbody tr"))) {
            List<WebElement> code = row.findElements(By.cssSelector("a.code"));
            if (code.isEmpty()) {
                continue; // the row that says none matches
            }
            List<WebElement> locks = row.findElements(By.cssSelector(".pi-lock"));
            for (WebElement lock : locks) {
                assertEquals("Password-protected", lock.getDomAttribute("aria-label"), "the lock is named");
            }
            shown.put(code.get(0).getText(), !locks.isEmpty());
        }
        return shown;
    }

    private static void choose(ConsoleBrowser browser, String id, String label) {
        new Select(browser.waitFor(By.id(id))).selectByVisibleText(label);
    }

    private static void type(ConsoleBrowser browser, String id, String text) {
        WebElement field = browser.waitFor(By.id(id));
        field.clear();
        if (!text.isEmpty()) {
            field.sendKeys(text);
        }
    }

    private static String value(ConsoleBrowser browser, String id) {
        return browser.waitFor(By.id(id)).getDomProperty("value");
    }

    private static List<String> texts(List<WebElement> elements) {
        return elements.stream().map(WebElement::getText).toList();
    }

    /** A new partner key, made through the API: its JSON, with its id and its secret. */
    private JsonObject newKey() {
        HttpResponse<String> created = admin.post("api/v1/keys", "{\"name\":\"" + unique("password-key") + "\"}");
        assertEquals(201, created.statusCode(), created.body());
        return Api.json(created);
    }

    /** How the New link form's list of keys names a key. */
    private static String label(JsonObject key) {
        return key.getString("name") + " (" + key.getInt("id") + ")";
    }

    private long linksWithUrl(String url) {
        return rows.number("SELECT COUNT(*) FROM link WHERE url = ?", url);
    }

    /** A word no other test (or run) uses. */
    private static String unique(String word) {
        return word + "-" + Long.toString(SERIAL.incrementAndGet(), 36);
    }

    /** An alias no other test (or run) uses: at most 16 characters (an alias may have 20), one of them '-'. */
    private static String uniqueAlias() {
        return unique("pw");
    }

    /** A word of a URL, letters and digits only, that the links table's search finds and no other link holds. */
    private static String word() {
        return "pwlink" + Long.toString(SERIAL.incrementAndGet(), 36);
    }

    /**
     * A password of this run only (more than 8 characters, with spaces, none a page escapes): a page holding it would
     * hold it as typed.
     */
    private static String secret(String word) {
        return "open " + word + " " + Long.toString(SERIAL.incrementAndGet(), 36);
    }
}
