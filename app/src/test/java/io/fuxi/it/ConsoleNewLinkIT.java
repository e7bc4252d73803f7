package io.fuxi.it;

import static io.fuxi.it.AdminConsoleIT.ADMIN;
import static io.fuxi.it.AdminConsoleIT.PASSWORD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * The console's "New link" page, and a link's visit limit, start and fallback URL on its own page, in a real headless
 * Chromium against the real WAR: a link made there has every field filled in and belongs to the key chosen, each
 * refusal is shown beside the field the API names and makes no link, and what the link page saves or clears is what
 * the API answers next.
 */
@Tag("browser")
class ConsoleNewLinkIT extends DeployedFuxi {

    private static final By INFO = By.cssSelector(".ui-messages-info-summary");
    private static final By ERROR = By.cssSelector(".ui-messages-error-summary");
    private static final By CREATE = By.id("new-link:create");
    private static final String NEW_LINK = "admin/links/new.xhtml";

    /** How the date pickers show a time (UTC). */
    private static final DateTimeFormatter MINUTES = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT);

    /** A PrimeFaces message holding an error: the element a p:message renders beside its field. */
    private static final String ERROR_MESSAGE =
            "div[contains(concat(' ', normalize-space(@class), ' '), ' ui-message-error ')]";

    /** Not a tag: '!' is none of a-z, 0-9, '-' and '_'. */
    private static final String BAD_TAG = "bad!tag";

    /** Aliases, tags, key names and URLs of this run only: every test class shares the database and the deployment. */
    private static final AtomicLong SERIAL = new AtomicLong(System.nanoTime() & Long.MAX_VALUE);

    private final Rows rows = new Rows(TestDatabase.dataSource("fuxi"));

    @Test
    void aLinkMadeOnTheNewLinkPageHasEveryFieldFilledInAndBelongsToTheKeyChosen() {
        JsonObject key = newKey();
        String alias = uniqueAlias();
        String url = uniqueUrl("made");
        String fallback = uniqueUrl("made-fallback");
        String sale = unique("sale");
        String spring = unique("spring");
        LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MINUTES);
        LocalDateTime validSince = now.plusDays(1);
        LocalDateTime expires = now.plusDays(20);
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go("admin/links/");
            assertEquals("New link", browser.text(By.id("links:new")));
            browser.clickAndAwaitNewPage(By.id("links:new"));
            assertEquals("New link · Fuxi", browser.title());
            assertTrue(browser.path().startsWith("/" + NEW_LINK), browser.path());
            assertEquals("Choose a key", chosen(browser, "new-link:owner"), "no key is chosen at first");
            assertTrue(options(browser, "new-link:owner").contains(label(key)), "the new key is offered");
            assertEquals("The default", chosen(browser, "new-link:status"));
            assertEquals("The default", chosen(browser, "new-link:forward-query"));

            choose(browser, "new-link:owner", label(key));
            type(browser, "new-link:url", url);
            type(browser, "new-link:alias", alias);
            type(browser, "new-link:tags", sale.toUpperCase(Locale.ROOT) + "  " + spring + " " + sale);
            typeDate(browser, "new-link:expires", MINUTES.format(expires));
            typeDate(browser, "new-link:valid-since", MINUTES.format(validSince));
            type(browser, "new-link:max-visits", "5");
            type(browser, "new-link:fallback", fallback);
            choose(browser, "new-link:status", "307 Temporary Redirect");
            choose(browser, "new-link:forward-query", "No"); // the configured default is yes
            browser.screenshot("new-link");
            browser.clickAndAwaitNewPage(CREATE);

            assertEquals("Link " + alias + " created.", browser.text(INFO));
            assertEquals("/admin/links/link.xhtml?code=" + alias, browser.path(), "the new link's page");
            assertEquals(url, browser.text(By.cssSelector("#target a")));
            assertEquals("5 of 5 visits left", browser.text(By.id("visit-limit")));
            assertEquals(fallback, browser.text(By.id("fallback-url")));
            assertEquals(utc(validSince).toString(), browser.text(By.id("valid-since")));
            browser.waitFor(By.id("tags"));
            List<String> tagsShown = texts(browser.driver().findElements(By.cssSelector("#tags span.tag")));
            assertEquals(List.of(sale, spring), tagsShown);
            browser.screenshot("new-link-created");
        }

        JsonObject link = admin.link(alias);
        String context = link.toString();
        assertEquals(alias, link.getString("code"), context);
        assertTrue(link.getString("shortUrl").endsWith("/" + alias), context);
        assertEquals(url, link.getString("url"), context);
        assertEquals(List.of(sale, spring), tags(link), "lower-cased, the first of each kept where it was");
        assertEquals(utc(expires), Instant.parse(link.getString("expiresAt")), context);
        assertEquals(utc(validSince), Instant.parse(link.getString("validSince")), context);
        assertEquals(5, link.getInt("maxVisits"), context);
        assertEquals(5, link.getInt("visitsLeft"), context);
        assertEquals(fallback, link.getString("fallbackUrl"), context);
        assertEquals(307, link.getInt("redirectStatus"), context);
        assertFalse(link.getBoolean("forwardQuery"), context);
        assertTrue(link.getBoolean("enabled"), context);

        Api partner = admin.as(key.getString("secret"));
        assertEquals(List.of(alias), partner.listedCodes(), "the link is the chosen key's, and its only one");
        String owner = rows.text("SELECT owner_key_id FROM link WHERE code = ?", alias);
        assertEquals(String.valueOf(key.getInt("id")), owner, "it belongs to the key chosen");
        String maker = rows.text("SELECT created_by FROM link WHERE code = ?", alias);
        assertEquals("account:" + ADMIN, maker, "made by the account signed in");
    }

    @Test
    void eachRefusalIsShownBesideTheFieldTheApiNamesAndMakesNoLink() {
        JsonObject key = newKey();
        String owner = label(key);
        String taken = uniqueAlias();
        String takenUrl = uniqueUrl("taken");
        JsonObject existing = admin.created("{\"url\":\"" + takenUrl + "\",\"alias\":\"" + taken + "\"}");
        LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MINUTES);
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            String withoutKey = uniqueUrl("without-key");
            browser.go(NEW_LINK);
            type(browser, "new-link:url", withoutKey);
            browser.clickAndAwaitNewPage(CREATE);
            assertRefusedBeside(browser, "owner", "key");
            browser.screenshot("new-link-no-key");
            String kept = browser.waitFor(By.id("new-link:url")).getDomProperty("value");
            assertEquals(withoutKey, kept, "the form keeps what was typed");
            assertEquals(0, linksWithUrl(withoutKey), "no link without a key");

            browser.go(NEW_LINK);
            choose(browser, "new-link:owner", owner);
            type(browser, "new-link:url", "ftp://x");
            browser.clickAndAwaitNewPage(CREATE);
            assertRefusedBeside(browser, "url", "url");
            browser.screenshot("new-link-bad-url");

            String elsewhere = uniqueUrl("taken-alias");
            browser.go(NEW_LINK);
            choose(browser, "new-link:owner", owner);
            type(browser, "new-link:url", elsewhere);
            type(browser, "new-link:alias", taken);
            browser.clickAndAwaitNewPage(CREATE);
            assertRefusedBeside(browser, "alias", "alias");
            assertEquals(0, linksWithUrl(elsewhere));
            assertEquals(takenUrl, admin.link(taken).getString("url"), "the alias still leads where it did");

            String badTag = uniqueUrl("bad-tag");
            browser.go(NEW_LINK);
            choose(browser, "new-link:owner", owner);
            type(browser, "new-link:url", badTag);
            type(browser, "new-link:tags", unique("fine") + " " + BAD_TAG);
            browser.clickAndAwaitNewPage(CREATE);
            assertRefusedBeside(browser, "tags", "tags");
            assertEquals(0, linksWithUrl(badTag));

            String loop = uniqueUrl("own-host-fallback");
            browser.go(NEW_LINK);
            choose(browser, "new-link:owner", owner);
            type(browser, "new-link:url", loop);
            type(browser, "new-link:fallback", existing.getString("shortUrl")); // this shortener's own host
            browser.clickAndAwaitNewPage(CREATE);
            assertRefusedBeside(browser, "fallback", "fallbackUrl");
            browser.screenshot("new-link-own-host-fallback");
            assertEquals(0, linksWithUrl(loop));

            String badFallback = uniqueUrl("bad-fallback");
            browser.go(NEW_LINK);
            choose(browser, "new-link:owner", owner);
            type(browser, "new-link:url", badFallback);
            type(browser, "new-link:fallback", "ftp://x");
            browser.clickAndAwaitNewPage(CREATE);
            assertRefusedBeside(browser, "fallback", "fallbackUrl");
            assertEquals(0, linksWithUrl(badFallback));

            String late = uniqueUrl("starts-after-expiry");
            browser.go(NEW_LINK);
            choose(browser, "new-link:owner", owner);
            type(browser, "new-link:url", late);
            typeDate(browser, "new-link:expires", MINUTES.format(now.plusDays(2)));
            typeDate(browser, "new-link:valid-since", MINUTES.format(now.plusDays(3)));
            browser.clickAndAwaitNewPage(CREATE);
            assertRefusedBeside(browser, "valid-since", "validSince");
            browser.screenshot("new-link-starts-after-expiry");
            assertEquals(0, linksWithUrl(late));
        }
        Api partner = admin.as(key.getString("secret"));
        assertEquals(List.of(), partner.listedCodes(), "no refused create made a link for the key");
        long owned = rows.number("SELECT COUNT(*) FROM link WHERE owner_key_id = ?", key.getInt("id"));
        assertEquals(0, owned, "no link of the key's in the database either");
    }

    @Test
    void aVisitLimitAStartAndAFallbackSetOnTheLinkPageAreShownThereAndCleared() {
        String url = uniqueUrl("limited");
        String code =
                admin.created("{\"url\":\"" + url + "\",\"maxVisits\":10}").getString("code");
        HttpResponse<String> visit = visitAsAPerson(code);
        assertEquals(302, visit.statusCode(), visit.body());
        assertEquals(9, admin.link(code).getInt("visitsLeft"), "a person's visit counts");
        String fallback = uniqueUrl("limited-fallback");
        LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MINUTES);
        LocalDateTime validSince = now.plusDays(1);
        JsonObject saved;
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go("admin/links/link.xhtml?code=" + code);
            assertEquals("9 of 10 visits left", browser.text(By.id("visit-limit")));
            assertEquals("none (an error page)", browser.text(By.id("fallback-url")));
            assertEquals("its creation", browser.text(By.id("valid-since")));
            assertEquals("10", value(browser, "edit:max-visits-field"));

            type(browser, "edit:max-visits-field", "5");
            type(browser, "edit:fallback-field", fallback);
            typeDate(browser, "edit:valid-since-field", MINUTES.format(validSince));
            browser.clickAndAwaitNewPage(By.id("edit:save"));
            assertEquals("Saved.", browser.text(INFO));
            assertEquals("4 of 5 visits left", browser.text(By.id("visit-limit")), "the visit made counts");
            assertEquals(fallback, browser.text(By.id("fallback-url")));
            assertEquals(utc(validSince).toString(), browser.text(By.id("valid-since")));
            assertEquals("5", value(browser, "edit:max-visits-field"));
            assertEquals(fallback, value(browser, "edit:fallback-field"));
            assertEquals(MINUTES.format(validSince), value(browser, "edit:valid-since-field_input"));
            browser.screenshot("link-limits");
            saved = admin.link(code);
            String context = saved.toString();
            assertEquals(5, saved.getInt("maxVisits"), context);
            assertEquals(4, saved.getInt("visitsLeft"), context);
            assertEquals(fallback, saved.getString("fallbackUrl"), context);
            assertEquals(utc(validSince), Instant.parse(saved.getString("validSince")), context);
            assertEquals(url, saved.getString("url"), "the rest of the link as it was");

            type(browser, "edit:fallback-field", "ftp://x");
            browser.clickAndAwaitNewPage(By.id("edit:save"));
            String error = browser.text(ERROR);
            assertTrue(error.startsWith("fallbackUrl: "), error);
            assertEquals(fallback, browser.text(By.id("fallback-url")), "the page still shows the link's fallback");
            assertEquals(saved, admin.link(code), "nothing written");

            browser.go("admin/links/link.xhtml?code=" + code);
            type(browser, "edit:max-visits-field", "");
            type(browser, "edit:fallback-field", "");
            typeDate(browser, "edit:valid-since-field", "");
            browser.clickAndAwaitNewPage(By.id("edit:save"));
            assertEquals("Saved.", browser.text(INFO));
            assertEquals("none", browser.text(By.id("visit-limit")));
            assertEquals("none (an error page)", browser.text(By.id("fallback-url")));
            assertEquals("its creation", browser.text(By.id("valid-since")));
            assertEquals("", value(browser, "edit:max-visits-field"));
            assertEquals("", value(browser, "edit:fallback-field"));
            assertEquals("", value(browser, "edit:valid-since-field_input"));
        }
        JsonObject cleared = admin.link(code);
        for (String field : List.of("maxVisits", "visitsLeft", "fallbackUrl", "validSince")) {
            assertTrue(cleared.containsKey(field), "no " + field + " in " + cleared);
            assertEquals(JsonValue.ValueType.NULL, cleared.get(field).getValueType(), field + " in " + cleared);
        }
        assertEquals(url, cleared.getString("url"), cleared.toString());
        HttpResponse<String> again = visitAsAPerson(code);
        assertEquals(302, again.statusCode(), "no limit and no start: it redirects as before");
        assertEquals(url, again.headers().firstValue("Location").orElseThrow());
    }

    private static void choose(ConsoleBrowser browser, String id, String label) {
        new Select(browser.waitFor(By.id(id))).selectByVisibleText(label);
    }

    /** The label of the option a native select shows chosen. */
    private static String chosen(ConsoleBrowser browser, String id) {
        return new Select(browser.waitFor(By.id(id))).getFirstSelectedOption().getText();
    }

    private static List<String> options(ConsoleBrowser browser, String id) {
        return texts(new Select(browser.waitFor(By.id(id))).getOptions());
    }

    private static void type(ConsoleBrowser browser, String id, String text) {
        WebElement field = browser.waitFor(By.id(id));
        field.clear();
        if (!text.isEmpty()) {
            field.sendKeys(text);
        }
    }

    /**
     * Fills a date picker's text field ({@code <id>_input}), which is what the form posts. Its calendar is PrimeFaces'
     * own and takes the focus as it opens, which raced typed keys in Chromium; the field is set as typing leaves it, with
     * the events typing fires.
     */
    private static void typeDate(ConsoleBrowser browser, String id, String text) {
        WebElement input = browser.waitFor(By.id(id + "_input"));
        browser.driver()
                .executeScript(
                        "var field = arguments[0]; field.value = arguments[1];"
                                + " field.dispatchEvent(new Event('input', {bubbles: true}));"
                                + " field.dispatchEvent(new Event('change', {bubbles: true}));",
                        input,
                        text);
        assertEquals(text, input.getDomProperty("value"), "typed into " + id);
    }

    private static String value(ConsoleBrowser browser, String id) {
        return browser.waitFor(By.id(id)).getDomProperty("value");
    }

    /**
     * The create was refused: the form is still shown, and the API's problem, as "field: detail", is beside this form
     * field (in the p:message after it) and in the page's messages, and nowhere else.
     */
    private static void assertRefusedBeside(ConsoleBrowser browser, String formField, String apiField) {
        assertEquals("New link · Fuxi", browser.title());
        assertTrue(browser.path().startsWith("/" + NEW_LINK), browser.path());
        String field = "//*[@id='new-link:" + formField + "']";
        String message = browser.text(By.xpath(field + "/following-sibling::" + ERROR_MESSAGE));
        assertTrue(message.startsWith(apiField + ": "), formField + ": " + message);
        assertTrue(message.length() > apiField.length() + 2, "a detail follows the field's name: " + message);
        List<String> beside = texts(browser.driver().findElements(By.cssSelector("#new-link .ui-message-error")));
        assertEquals(List.of(message), beside, "beside that field only");
        assertEquals(List.of(message), texts(browser.driver().findElements(ERROR)), "and in the page's messages");
        assertEquals(List.of(), browser.driver().findElements(INFO), "nothing was created");
    }

    private static List<String> texts(List<WebElement> elements) {
        return elements.stream().map(WebElement::getText).toList();
    }

    /** A new partner key, made through the API: its JSON, with its id and its secret. */
    private JsonObject newKey() {
        HttpResponse<String> created = admin.post("api/v1/keys", "{\"name\":\"" + unique("new-link-key") + "\"}");
        assertEquals(201, created.statusCode(), created.body());
        return Api.json(created);
    }

    /** How the form's list of keys names a key. */
    private static String label(JsonObject key) {
        return key.getString("name") + " (" + key.getInt("id") + ")";
    }

    /** A GET of the short URL as a browser sends it: a visit by a person. */
    private HttpResponse<String> visitAsAPerson(String code) {
        return admin.send(
                admin.request(code).header("User-Agent", ClickStatsIT.FIREFOX).GET());
    }

    private long linksWithUrl(String url) {
        return rows.number("SELECT COUNT(*) FROM link WHERE url = ?", url);
    }

    private static List<String> tags(JsonObject link) {
        assertTrue(link.containsKey("tags"), "no tags in " + link);
        return link.getJsonArray("tags").getValuesAs(JsonString::getString);
    }

    private static Instant utc(LocalDateTime at) {
        return at.toInstant(ZoneOffset.UTC);
    }

    /** A word no other test (or run) uses, and a valid tag and key name. */
    private static String unique(String word) {
        return word + "-" + Long.toString(SERIAL.incrementAndGet(), 36);
    }

    /** An alias no other test (or run) uses: at most 16 characters (an alias may have 20), one of them '-'. */
    private static String uniqueAlias() {
        return unique("nl");
    }

    private static String uniqueUrl(String word) {
        return "https://example.com/console-new-link/" + unique(word);
    }
}
