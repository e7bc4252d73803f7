package io.fuxi.it;

import static io.fuxi.it.AdminConsoleIT.ADMIN;
import static io.fuxi.it.AdminConsoleIT.PASSWORD;
import static io.fuxi.it.Api.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * Short domains in the console, in a real headless Chromium against the real WAR: the Domains page adds a domain,
 * changes its URLs and removes it, each refusal the API's and beside the field it names; the New link page puts a link
 * on a domain and the link's page moves it back to the default. What the console does is checked where partners and
 * visitors see it: the domains and links API, and the short URLs with the Host header a browser sends. A viewer sees
 * it all and changes nothing. Every host added is this run's own ({@link #newHost}), removed after its test where no
 * link is bound to it.
 */
@Tag("browser")
class ConsoleDomainsIT extends DeployedFuxi {

    private static final By INFO = By.cssSelector(".ui-messages-info-summary");
    private static final By ERROR = By.cssSelector(".ui-messages-error-summary");
    private static final By YES = By.cssSelector(".ui-confirmdialog-yes");
    private static final By ADD = By.id("domains:add");
    private static final By SAVE_DOMAIN = By.id("domains:save");
    private static final By CREATE = By.id("new-link:create");
    private static final By SAVE_LINK = By.id("edit:save");
    private static final String DOMAINS = "admin/domains/";
    private static final String NEW_LINK = "admin/links/new.xhtml";
    private static final String BROWSER = ClickStatsIT.FIREFOX;

    /** A PrimeFaces message holding an error: the element a p:message renders beside its field. */
    private static final String ERROR_MESSAGE =
            "div[contains(concat(' ', normalize-space(@class), ' '), ' ui-message-error ')]";

    /** Hosts, aliases, key names and URLs of this run only: every test class shares the database and deployment. */
    private static final AtomicLong SERIAL = new AtomicLong(System.nanoTime() & Long.MAX_VALUE);

    /** The domains this test added: removed after it, where no link is bound to them. */
    private final List<String> added = new ArrayList<>();

    @AfterEach
    void removeTheAddedDomains() {
        for (String host : added) {
            admin.delete(domainPath(host)); // gone already (204 or 404), or kept by a link (409): its host is ours
        }
    }

    @Test
    void aDomainAddedOnThePageIsTheApisAndItsUrlsAreChangedAndItIsRemovedThere() {
        String host = newHost("page");
        String root = uniqueUrl("root");
        String notFound = uniqueUrl("not-found");
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go("admin/");
            browser.clickAndAwaitNewPage(By.linkText("Domains"));
            assertEquals("Domains · Fuxi", browser.title());
            assertTrue(browser.path().startsWith("/admin/domains/"), browser.path());
            List<String> before = hostsShown(browser);
            assertEquals(defaultHost(), before.get(0), "the default domain first: " + before);
            assertEquals(
                    List.of("default"),
                    texts(browser.driver().findElements(By.cssSelector("#domains\\:table .domain-default"))),
                    "one domain is marked the default");
            assertEquals("default", cell(browser, defaultHost(), "domain-default"), "the default's row has the mark");
            assertFalse(before.contains(host), before.toString());

            type(browser, "domains:host", host.toUpperCase(Locale.ROOT));
            type(browser, "domains:root-url", root);
            browser.clickAndAwaitUpdate(ADD, "domains:add-domain");
            added.add(host);
            assertEquals("Domain " + host + " added.", browser.text(INFO), "stored lower-cased");
            assertEquals("", value(browser, "domains:host"), "the form is empty again");
            assertEquals("", value(browser, "domains:root-url"));
            assertTrue(hostsShown(browser).contains(host), "listed at once");
            assertEquals(root, cell(browser, host, "domain-root-url"));
            assertEquals("none", cell(browser, host, "domain-not-found-url"));
            assertEquals("none", cell(browser, host, "domain-fallback-url"));
            assertEquals("0", cell(browser, host, "domain-links"));
            browser.screenshot("domains-added");
            assertDomain(domain(host), host, root, null, null);
            assertRedirect(visit(host, ""), root, "its bare root, the very next request");

            browser.clickAndAwaitUpdate(buttonOf(host, "edit"), "domains:edit-domain");
            assertEquals(root, value(browser, "domains:edit-root-url"), "the form shows its URLs");
            assertEquals("", value(browser, "domains:edit-not-found-url"));
            assertEquals("", value(browser, "domains:edit-fallback-url"));
            type(browser, "domains:edit-not-found-url", notFound);
            browser.clickAndAwaitUpdate(SAVE_DOMAIN, "domains:edit-domain");
            assertEquals("Domain " + host + " saved.", browser.text(INFO));
            assertTrue(
                    browser.driver()
                            .findElements(By.id("domains:edit-root-url"))
                            .isEmpty(),
                    "the form is closed");
            assertEquals(notFound, cell(browser, host, "domain-not-found-url"));
            assertEquals(root, cell(browser, host, "domain-root-url"), "the URL not changed is kept");
            browser.screenshot("domains-edited");
            JsonObject edited = domain(host);
            assertDomain(edited, host, root, notFound, null);
            assertRedirect(visit(host, unknownCode()), notFound, "an unknown code on the domain");
            assertNotFound(visitDefault(unknownCode()), "an unknown code on the default domain");

            browser.clickAndAwaitUpdate(buttonOf(host, "edit"), "domains:edit-domain");
            type(browser, "domains:edit-fallback-url", "ftp://x");
            browser.clickAndAwaitUpdate(SAVE_DOMAIN, "domains:edit-domain");
            assertRefusedBeside(browser, "domains:edit-fallback-url", "fallbackUrl");
            browser.screenshot("domains-bad-fallback");
            assertEquals("ftp://x", value(browser, "domains:edit-fallback-url"), "the form keeps what was typed");
            assertEquals(edited, domain(host), "nothing written");

            type(browser, "domains:edit-fallback-url", "");
            type(browser, "domains:edit-root-url", "");
            browser.clickAndAwaitUpdate(SAVE_DOMAIN, "domains:edit-domain");
            assertEquals("Domain " + host + " saved.", browser.text(INFO));
            assertEquals("none", cell(browser, host, "domain-root-url"), "an emptied field removes its URL");
            assertDomain(domain(host), host, null, notFound, null);
            HttpResponse<String> bareRoot = visit(host, "");
            HttpResponse<String> defaultRoot = visitDefault("");
            assertEquals(defaultRoot.statusCode(), bareRoot.statusCode(), "its root answers as the default's does");
            assertEquals(
                    defaultRoot.headers().firstValue("Location").isPresent(),
                    bareRoot.headers().firstValue("Location").isPresent(),
                    "its root answers as the default's does");
            assertEquals(defaultRoot.body(), bareRoot.body(), "its root answers as the default's does");
            assertNotEquals(
                    Optional.of(root), bareRoot.headers().firstValue("Location"), "not to the root URL removed");

            browser.driver().findElement(buttonOf(host, "remove")).click();
            browser.waitFor(YES);
            browser.clickAndAwaitUpdate(YES, "domains:table");
            assertEquals("Domain " + host + " removed.", browser.text(INFO));
            assertFalse(hostsShown(browser).contains(host), "no longer listed");
            assertTrue(browser.driver().findElements(ERROR).isEmpty(), "no refusal");
        }
        assertProblem(admin.get(domainPath(host)), 404, "host");
        assertNotFound(visit(host, unknownCode()), "its not-found URL went with it");
    }

    @Test
    void aBadHostOrUrlIsRefusedBesideItsFieldAndAddsNothing() {
        String marker = unique("bad");
        String withScheme = "https://" + marker + ".shop.example/";
        String badUrlHost = newHost("bad-url");
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go(DOMAINS);
            List<String> before = hostsShown(browser);

            type(browser, "domains:host", withScheme);
            browser.clickAndAwaitUpdate(ADD, "domains:add-domain");
            String refusal = assertRefusedBeside(browser, "domains:host", "host");
            browser.screenshot("domains-bad-host");
            assertEquals(withScheme, value(browser, "domains:host"), "the form keeps what was typed");
            assertEquals(before, hostsShown(browser), "the table is as it was");
            HttpResponse<String> api = admin.post("api/v1/domains", "{\"host\":\"" + withScheme + "\"}");
            assertProblem(api, 400, "host");
            assertEquals("host: " + Api.json(api).getString("detail"), refusal, "the API's own words");

            type(browser, "domains:host", "bad host " + marker);
            browser.clickAndAwaitUpdate(ADD, "domains:add-domain");
            assertRefusedBeside(browser, "domains:host", "host");

            type(browser, "domains:host", "");
            browser.clickAndAwaitUpdate(ADD, "domains:add-domain");
            assertRefusedBeside(browser, "domains:host", "host");

            type(browser, "domains:host", defaultHost());
            browser.clickAndAwaitUpdate(ADD, "domains:add-domain");
            String taken = assertRefusedBeside(browser, "domains:host", "host");
            assertTrue(taken.contains("default"), "the default domain's host is taken: " + taken);

            type(browser, "domains:host", badUrlHost);
            type(browser, "domains:not-found-url", "ftp://x");
            browser.clickAndAwaitUpdate(ADD, "domains:add-domain");
            assertRefusedBeside(browser, "domains:not-found-url", "notFoundUrl");
            browser.screenshot("domains-bad-url");
            assertEquals(badUrlHost, value(browser, "domains:host"), "the form keeps what was typed");
            assertEquals(before, hostsShown(browser), "the table is as it was");
        }
        assertProblem(admin.get(domainPath(badUrlHost)), 404, "host");
        List<String> hosts = hosts();
        assertFalse(hosts.stream().anyMatch(host -> host.contains(marker)), hosts.toString());
        assertFalse(hosts.contains(badUrlHost), hosts.toString());
        assertEquals(defaultHost(), hosts.get(0));
        assertEquals(1, hosts.stream().filter(defaultHost()::equals).count(), "the default's host once");
    }

    @Test
    void aLinkMadeOnADomainOnTheNewLinkPageAnswersThereUntilItsPageMovesItToTheDefault() {
        String host = addDomain(newHost("links"));
        JsonObject key = newKey();
        String alias = uniqueAlias();
        String url = uniqueUrl("on-a-domain");
        String byDefault = defaultHost() + " (default)";
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go(NEW_LINK);
            List<String> offered = options(browser, "new-link:domain");
            assertEquals(byDefault, offered.get(0), "the default domain first: " + offered);
            assertTrue(offered.contains(host), offered.toString());
            assertEquals(byDefault, chosen(browser, "new-link:domain"), "the default domain is chosen at first");

            choose(browser, "new-link:owner", label(key));
            type(browser, "new-link:url", url);
            type(browser, "new-link:alias", alias);
            choose(browser, "new-link:domain", host);
            browser.clickAndAwaitNewPage(CREATE);
            assertEquals("Link " + alias + " created.", browser.text(INFO));
            assertEquals("/admin/links/link.xhtml?code=" + alias, browser.path(), "the new link's page");
            assertEquals(host, browser.text(By.id("domain")));
            assertEquals(host, chosen(browser, "edit:domain-field"));
            browser.screenshot("link-on-a-domain");

            JsonObject link = admin.link(alias);
            assertEquals(host, text(link, "domain"), link.toString());
            URI shortUrl = URI.create(link.getString("shortUrl"));
            assertEquals(host, shortUrl.getHost(), "the short URL has the domain's host: " + shortUrl);
            URI defaultShortUrl = URI.create(
                    admin.created("{\"url\":\"" + url + "/default\"}").getString("shortUrl"));
            assertEquals(defaultShortUrl.getPort(), shortUrl.getPort(), "and the base URL's port: " + shortUrl);
            assertEquals(
                    defaultShortUrl.getPath().replaceAll("/[^/]+$", ""),
                    shortUrl.getPath().replaceAll("/[^/]+$", ""),
                    "and the base URL's path: " + shortUrl);
            assertTrue(shortUrl.getPath().endsWith("/" + alias), shortUrl.toString());
            assertEquals(shortUrl.toString(), browser.text(By.id("short-url")), "the page shows the same short URL");
            assertRedirect(visit(host, alias), url, "on its domain");
            assertNotFound(visitDefault(alias), "not on the default domain");
            assertEquals(1, domain(host).getJsonNumber("links").longValue(), "bound to the domain");

            choose(browser, "edit:domain-field", byDefault);
            browser.clickAndAwaitNewPage(SAVE_LINK);
            assertEquals("Saved.", browser.text(INFO));
            assertEquals(byDefault, browser.text(By.id("domain")));
            assertEquals(byDefault, chosen(browser, "edit:domain-field"));
            browser.screenshot("link-moved-to-the-default");
            JsonObject moved = admin.link(alias);
            assertNull(text(moved, "domain"), "on the default domain: " + moved);
            URI movedUrl = URI.create(moved.getString("shortUrl"));
            assertEquals(defaultHost(), movedUrl.getHost(), movedUrl.toString());
            assertTrue(movedUrl.getPath().endsWith("/" + alias), movedUrl.toString());
            assertEquals(movedUrl.toString(), browser.text(By.id("short-url")));
            assertEquals(url, moved.getString("url"), "the rest of the link as it was");
            List<JsonObject> history = history(alias);
            JsonObject last = history.get(history.size() - 1);
            assertEquals("changed", last.getString("action"), last.toString());
            assertEquals("account:" + ADMIN, last.getString("actor"), last.toString());
            assertEquals(host, text(last.getJsonObject("before"), "domain"), last.toString());
            assertNull(text(last.getJsonObject("after"), "domain"), last.toString());
            assertRedirect(visitDefault(alias), url, "on the default domain now");
            assertNotFound(visit(host, alias), "no longer on the domain it left");
            assertEquals(0, domain(host).getJsonNumber("links").longValue(), "no link bound to the domain");

            browser.go(DOMAINS);
            assertEquals("0", cell(browser, host, "domain-links"));
            browser.driver().findElement(buttonOf(host, "remove")).click();
            browser.waitFor(YES);
            browser.clickAndAwaitUpdate(YES, "domains:table");
            assertEquals("Domain " + host + " removed.", browser.text(INFO), "no link holds it any more");
            assertFalse(hostsShown(browser).contains(host));
        }
        assertProblem(admin.get(domainPath(host)), 404, "host");
        assertRedirect(visitDefault(alias), url, "the link is untouched");
    }

    @Test
    void aDomainGoneSinceTheNewLinkPageOpenedIsRefusedBesideTheDomainField() {
        String host = addDomain(newHost("gone"));
        JsonObject key = newKey();
        String url = uniqueUrl("refused-domain");
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go(NEW_LINK);
            choose(browser, "new-link:owner", label(key));
            type(browser, "new-link:url", url);
            choose(browser, "new-link:domain", host);
            assertEquals(204, admin.delete(domainPath(host)).statusCode(), "removed while the page is open");
            browser.clickAndAwaitNewPage(CREATE);
            assertEquals("New link · Fuxi", browser.title());
            String message = browser.text(By.xpath("//*[@id='new-link:domain']/following-sibling::" + ERROR_MESSAGE));
            assertEquals(
                    "domain: domain must be the host of one of this shortener's domains (GET /api/v1/domains)",
                    message);
            List<String> beside = texts(browser.driver().findElements(By.cssSelector("#new-link .ui-message-error")));
            assertEquals(List.of(message), beside, "beside that field only");
            assertEquals(List.of(message), texts(browser.driver().findElements(ERROR)), "and in the page's messages");
            assertEquals(List.of(), browser.driver().findElements(INFO), "nothing was created");
            browser.screenshot("new-link-domain-gone");
            Api partner = admin.as(key.getString("secret"));
            assertEquals(List.of(), partner.listedCodes(), "no link made");

            choose(browser, "new-link:domain", defaultHost() + " (default)");
            browser.clickAndAwaitNewPage(CREATE);
            String created = browser.text(INFO);
            assertTrue(created.startsWith("Link ") && created.endsWith(" created."), created);
            assertEquals(defaultHost() + " (default)", browser.text(By.id("domain")));
            List<String> codes = partner.listedCodes();
            assertEquals(1, codes.size(), codes.toString());
            JsonObject link = admin.link(codes.get(0));
            assertNull(text(link, "domain"), "the default domain chosen: no domain " + link);
            assertEquals(defaultHost(), URI.create(link.getString("shortUrl")).getHost(), link.toString());
        }
    }

    @Test
    void aDomainWithLinksIsNotRemovedAndThePageSaysWhyInTheApisWords() {
        String host = addDomain(newHost("bound"));
        String url = uniqueUrl("bound");
        String code = admin.created("{\"url\":\"" + url + "\",\"domain\":\"" + host + "\"}")
                .getString("code");
        try {
            HttpResponse<String> api = admin.delete(domainPath(host));
            assertProblem(api, 409, "host");
            String refusal = "host: " + Api.json(api).getString("detail");
            try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
                browser.go(DOMAINS);
                assertEquals("1", cell(browser, host, "domain-links"));
                browser.driver().findElement(buttonOf(host, "remove")).click();
                browser.waitFor(YES);
                browser.clickAndAwaitUpdate(YES, "domains:table");
                assertEquals(List.of(refusal), texts(browser.driver().findElements(ERROR)));
                assertEquals(List.of(), browser.driver().findElements(INFO), "nothing was removed");
                assertTrue(hostsShown(browser).contains(host), "still listed");
                assertEquals("1", cell(browser, host, "domain-links"));
                browser.screenshot("domains-remove-refused");
            }
            JsonObject kept = domain(host);
            assertEquals(1, kept.getJsonNumber("links").longValue(), kept.toString());
            assertRedirect(visit(host, code), url, "its link still answers on it");
        } finally {
            assertEquals(204, admin.delete("api/v1/links/" + code).statusCode(), "so that the domain can go");
        }
    }

    @Test
    void aViewerSeesTheDomainsAndALinksDomainButNoControlThatChangesThem() {
        String name = "domains-viewer-" + System.nanoTime();
        String password = "viewer-password-" + System.nanoTime();
        AdminConsoleIT.addAccount(name, password, "VIEWER");
        String root = uniqueUrl("viewed-root");
        String host = addDomain(newHost("viewed"), "\"rootUrl\":\"" + root + "\"");
        String code = admin.created("{\"url\":\"" + uniqueUrl("viewed") + "\",\"domain\":\"" + host + "\"}")
                .getString("code");
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(name, password)) {
            assertEquals(name + " (viewer)", browser.text(By.cssSelector(".console-user")));
            browser.go(DOMAINS);
            browser.waitFor(By.id("domains:table"));
            assertEquals("Domains · Fuxi", browser.title());
            List<String> shown = hostsShown(browser);
            assertEquals(defaultHost(), shown.get(0), shown.toString());
            assertTrue(shown.contains(host), shown.toString());
            assertEquals(root, cell(browser, host, "domain-root-url"));
            assertEquals("1", cell(browser, host, "domain-links"));
            assertEquals(List.of(), controls(browser), "no control on the Domains page");
            browser.screenshot("domains-viewer");

            browser.go("admin/links/link.xhtml?code=" + code);
            assertEquals(host, browser.text(By.id("domain")));
            assertTrue(browser.driver().findElements(By.id("edit:domain-field")).isEmpty(), "no way to move the link");
        } finally {
            admin.delete("api/v1/links/" + code);
        }
        assertDomain(domain(host), host, root, null, null);
    }

    // --- the pages

    /** The hosts the Domains page lists, in its order. */
    private static List<String> hostsShown(ConsoleBrowser browser) {
        browser.waitFor(By.id("domains:table"));
        return texts(browser.driver().findElements(By.cssSelector("#domains\\:table span.domain-host")));
    }

    /** The row of this host in the Domains page's table. */
    private static String rowOf(String host) {
        return "//tr[.//span[@class='domain-host' and text()='" + host + "']]";
    }

    /** What the row of this host shows in the element with this class. */
    private static String cell(ConsoleBrowser browser, String host, String styleClass) {
        return browser.text(By.xpath(
                rowOf(host) + "//span[contains(concat(' ', normalize-space(@class), ' '), ' " + styleClass + " ')]"));
    }

    /** The button of this kind (edit, remove) in the row of this host. */
    private static By buttonOf(String host, String kind) {
        return By.xpath(rowOf(host) + "//button[contains(@id,':" + kind + "')]");
    }

    /** The ids of the controls of the page's main part that could change something. */
    private static List<String> controls(ConsoleBrowser browser) {
        return browser
                .driver()
                .findElements(By.cssSelector("main button, main input:not([type=hidden]), main select, main textarea"))
                .stream()
                .map(control -> control.getDomAttribute("id"))
                .toList();
    }

    /**
     * The add or edit was refused: the API's problem, as "field: detail", is beside this form field (in the p:message
     * after it) and in the page's messages, and nowhere else; nothing was done.
     */
    private static String assertRefusedBeside(ConsoleBrowser browser, String id, String apiField) {
        String message = browser.text(By.xpath("//*[@id='" + id + "']/following-sibling::" + ERROR_MESSAGE));
        assertTrue(message.startsWith(apiField + ": "), id + ": " + message);
        assertTrue(message.length() > apiField.length() + 2, "a detail follows the field's name: " + message);
        List<String> beside = texts(browser.driver().findElements(By.cssSelector("#domains .ui-message-error")));
        assertEquals(List.of(message), beside, "beside that field only");
        assertEquals(List.of(message), texts(browser.driver().findElements(ERROR)), "and in the page's messages");
        assertEquals(List.of(), browser.driver().findElements(INFO), "nothing was done");
        return message;
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

    private static String value(ConsoleBrowser browser, String id) {
        return browser.waitFor(By.id(id)).getDomProperty("value");
    }

    private static List<String> texts(List<WebElement> elements) {
        return elements.stream().map(WebElement::getText).toList();
    }

    // --- the API and the short URLs

    /** Adds a domain through the API with these other members (JSON, comma-separated; none when empty): its host. */
    private String addDomain(String host, String fields) {
        String body = "{\"host\":\"" + host + "\"" + (fields.isEmpty() ? "" : "," + fields) + "}";
        HttpResponse<String> created = admin.post("api/v1/domains", body);
        assertEquals(201, created.statusCode(), body + " -> " + created.body());
        added.add(host);
        return Api.json(created).getString("host");
    }

    private String addDomain(String host) {
        return addDomain(host, "");
    }

    private JsonObject domain(String host) {
        HttpResponse<String> read = admin.get(domainPath(host));
        assertEquals(200, read.statusCode(), host + " -> " + read.body());
        return Api.json(read);
    }

    /** The hosts the API lists, the default's first. */
    private List<String> hosts() {
        HttpResponse<String> list = admin.get("api/v1/domains");
        assertEquals(200, list.statusCode(), list.body());
        return Api.json(list).getJsonArray("domains").getValuesAs(JsonObject.class).stream()
                .map(domain -> domain.getString("host"))
                .toList();
    }

    private List<JsonObject> history(String code) {
        HttpResponse<String> history = admin.get("api/v1/links/" + code + "/history");
        assertEquals(200, history.statusCode(), history.body());
        return Api.json(history).getJsonArray("entries").getValuesAs(JsonObject.class);
    }

    /** A new partner key, made through the API: its JSON, with its id and its secret. */
    private JsonObject newKey() {
        HttpResponse<String> created = admin.post("api/v1/keys", "{\"name\":\"" + unique("domains-key") + "\"}");
        assertEquals(201, created.statusCode(), created.body());
        return Api.json(created);
    }

    /** How the New link page's list of keys names a key. */
    private static String label(JsonObject key) {
        return key.getString("name") + " (" + key.getInt("id") + ")";
    }

    /** A GET of this path (a code; "" for the root) as a browser sends it to this host, on the deployment's port. */
    private HttpResponse<String> visit(String host, String path) {
        return admin.send(admin.request(path)
                .header("Host", host + ":" + base.getPort())
                .header("User-Agent", BROWSER)
                .GET());
    }

    /** The same on the default domain: the host the deployment is reached at. */
    private HttpResponse<String> visitDefault(String path) {
        return admin.send(admin.request(path).header("User-Agent", BROWSER).GET());
    }

    /** The default domain's host: the host of the base URL the deployment is reached at. */
    private String defaultHost() {
        return base.getHost().toLowerCase(Locale.ROOT);
    }

    /** A domain other than the default, as the API answers it, with these URLs (null: none). */
    private static void assertDomain(
            JsonObject domain, String host, String rootUrl, String notFoundUrl, String fallbackUrl) {
        String context = domain.toString();
        assertEquals(host, domain.getString("host"), context);
        assertFalse(domain.getBoolean("default"), context);
        assertEquals(rootUrl, text(domain, "rootUrl"), context);
        assertEquals(notFoundUrl, text(domain, "notFoundUrl"), context);
        assertEquals(fallbackUrl, text(domain, "fallbackUrl"), context);
    }

    private static void assertRedirect(HttpResponse<String> answer, String location, String message) {
        assertEquals(302, answer.statusCode(), message + ": " + answer.body());
        assertEquals(location, answer.headers().firstValue("Location").orElse(null), message);
    }

    /** The not-found answer: a 404, and no redirect. */
    private static void assertNotFound(HttpResponse<String> answer, String message) {
        assertEquals(404, answer.statusCode(), message + ": " + answer.body());
        assertEquals(Optional.empty(), answer.headers().firstValue("Location"), message);
    }

    /** A member of a JSON object that must be there: its text, or null for JSON null. */
    private static String text(JsonObject object, String name) {
        assertTrue(object.containsKey(name), "no " + name + " in " + object);
        JsonValue value = object.get(name);
        if (value.getValueType() == JsonValue.ValueType.NULL) {
            return null;
        }
        assertEquals(JsonValue.ValueType.STRING, value.getValueType(), name + " in " + object);
        return ((JsonString) value).getString();
    }

    private static String domainPath(String host) {
        return "api/v1/domains/" + host;
    }

    /** A host of this run only, never a host another test uses: {@code <word>-<serial>.shop.example}. */
    private static String newHost(String word) {
        return unique(word) + ".shop.example";
    }

    /** A code-shaped path no link has. */
    private static String unknownCode() {
        return unique("nf");
    }

    /** A word no other test (or run) uses. */
    private static String unique(String word) {
        return word + "-" + Long.toString(SERIAL.incrementAndGet(), 36);
    }

    /** An alias no other test (or run) uses: at most 16 characters (an alias may have 20), one of them '-'. */
    private static String uniqueAlias() {
        return unique("cd");
    }

    private static String uniqueUrl(String word) {
        return "https://example.com/console-domains/" + unique(word);
    }
}
