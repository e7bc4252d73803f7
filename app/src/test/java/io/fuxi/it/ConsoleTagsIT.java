package io.fuxi.it;

import static io.fuxi.it.AdminConsoleIT.ADMIN;
import static io.fuxi.it.AdminConsoleIT.PASSWORD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * Link tags in the console, in a real headless Chromium against the real WAR: the links table's tag filter, its Tags
 * column and its export, adding and removing a tag on the selected links, a link's tags on its own page and the CSV
 * import's tags column. What the console changes is checked where partners would see it: the API.
 */
@Tag("browser")
class ConsoleTagsIT extends DeployedFuxi {

    private static final By INFO = By.cssSelector(".ui-messages-info-summary");
    private static final By ERROR = By.cssSelector(".ui-messages-error-summary");

    /** Not a tag: '!' is none of a-z, 0-9, '-' and '_'. */
    private static final String BAD = "bad!tag";

    /** Tags and URLs of this run only: every test class shares the database and the deployment. */
    private static final AtomicLong SERIAL = new AtomicLong(System.nanoTime() & Long.MAX_VALUE);

    @Test
    void theTableShowsExactlyTheLinksWithEveryTagFilteredForWithTheirTagsAndExportsThem() throws Exception {
        String red = unique("red");
        String blue = unique("blue");
        String green = unique("green");
        String redAndBlue = create(red, blue);
        String all = create(red, blue, green);
        create(red);
        String blueAndGreen = create(blue, green);
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go("admin/links/");
            filter(browser, red.toUpperCase(Locale.ROOT) + "  " + blue);
            Map<String, List<String>> expected = Map.of(redAndBlue, List.of(red, blue), all, List.of(red, blue, green));
            assertEquals(expected, tagsShown(browser), "upper case is taken as lower case, as the API takes it");
            browser.screenshot("links-tags");

            filter(browser, green);
            assertEquals(Set.of(all, blueAndGreen), tagsShown(browser).keySet());

            filter(browser, blue + " " + red);
            assertEquals(expected, tagsShown(browser));
            browser.driver().findElement(By.id("links:export")).click();
            Path export = browser.download("links-" + LocalDate.now(ZoneOffset.UTC) + ".csv");
            List<String> lines = Files.readAllLines(export, StandardCharsets.UTF_8);
            String header = "code,short_url,url,key,created_at,expires_at,enabled,redirect_status,tags,valid_since,"
                    + "max_visits,visits_left,fallback_url,password_protected,domain";
            assertEquals(header, lines.get(0));
            assertEquals(3, lines.size(), lines.toString());
            Map<String, String> exported = new HashMap<>();
            for (String line : lines.subList(1, lines.size())) {
                String[] cells = line.split(",", -1); // no cell of these links holds a comma
                exported.put(cells[0], cells[8]);
            }
            String allJoined = red + "|" + blue + "|" + green;
            assertEquals(Map.of(redAndBlue, red + "|" + blue, all, allJoined), exported, lines.toString());
        }
    }

    @Test
    void addTagAndRemoveTagChangeTheSelectedLinksOnly() {
        String batch = unique("batch");
        String kept = unique("kept");
        String extra = unique("extra");
        String first = create(batch);
        String second = create(batch, kept);
        String third = create(batch);
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go("admin/links/");
            filter(browser, batch);
            assertEquals(Set.of(first, second, third), tagsShown(browser).keySet());

            selectOnly(browser, first, second);
            bulk(browser, extra.toUpperCase(Locale.ROOT), "links:tag");
            assertEquals("2 links tagged.", browser.text(INFO));
            assertEquals(List.of(batch, extra), tagsOf(first));
            assertEquals(List.of(batch, kept, extra), tagsOf(second));
            assertEquals(List.of(batch), tagsOf(third), "not selected, not tagged");
            Map<String, List<String>> tagged =
                    Map.of(first, List.of(batch, extra), second, List.of(batch, kept, extra), third, List.of(batch));
            assertEquals(tagged, tagsShown(browser), "the Tags column shows the tag added");
            browser.screenshot("links-tagged");

            selectOnly(browser, second);
            bulk(browser, kept, "links:untag");
            assertEquals("1 link untagged.", browser.text(INFO));
            assertEquals(List.of(batch, extra), tagsOf(second));
            assertEquals(List.of(batch, extra), tagsOf(first), "not selected, still tagged");

            selectOnly(browser, first, third);
            bulk(browser, batch, "links:untag");
            assertEquals("2 links untagged.", browser.text(INFO));
            assertEquals(List.of(extra), tagsOf(first));
            assertEquals(List.of(), tagsOf(third));
            assertEquals(List.of(batch, extra), tagsOf(second), "not selected, still tagged");
            assertEquals(Map.of(second, List.of(batch, extra)), tagsShown(browser), "only it still has the tag");
        }
    }

    @Test
    void aBadTagInTheFilterOrTheBulkFieldIsSaidAndChangesNothing() {
        String mark = unique("mark");
        String other = unique("other");
        String first = create(mark);
        String second = create(mark, other);
        String firstHistory = history(first);
        String secondHistory = history(second);
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go("admin/links/");
            filter(browser, mark);
            Map<String, List<String>> shown = Map.of(first, List.of(mark), second, List.of(mark, other));
            assertEquals(shown, tagsShown(browser));

            filter(browser, other + " " + "x".repeat(41));
            assertError(browser, "tags");
            assertEquals(shown, tagsShown(browser), "the table is as it was: the refused filter is not applied");
            filter(browser, other + " " + BAD);
            assertError(browser, "tags");
            assertEquals(shown, tagsShown(browser), "the table is as it was: the refused filter is not applied");

            selectOnly(browser, first, second);
            bulk(browser, unique("fine") + " " + BAD, "links:tag");
            assertError(browser, "addTags");
            browser.screenshot("links-bad-tag");
            assertEquals(shown, tagsShown(browser));

            selectOnly(browser, first, second);
            bulk(browser, BAD, "links:untag");
            assertError(browser, "removeTags");
            assertEquals(shown, tagsShown(browser));
        }
        assertEquals(List.of(mark), tagsOf(first));
        assertEquals(List.of(mark, other), tagsOf(second));
        assertEquals(firstHistory, history(first), "a refused change writes no history");
        assertEquals(secondHistory, history(second), "a refused change writes no history");
    }

    @Test
    void aLinksTagsAreShownAndChangedOnItsPageAndABadOneIsRefused() {
        String old = unique("old");
        String added = unique("added");
        String more = unique("more");
        String code = create(old);
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.go("admin/links/link.xhtml?code=" + code);
            assertEquals(List.of(old), tagsListed(browser));
            assertEquals(old, browser.waitFor(By.id("edit:tags-field")).getDomProperty("value"));

            typeTags(browser, added.toUpperCase(Locale.ROOT) + " " + old + "  " + more + " " + added);
            browser.clickAndAwaitNewPage(By.id("edit:save"));
            assertEquals("Saved.", browser.text(INFO));
            List<String> saved = List.of(added, old, more);
            assertEquals(saved, tagsListed(browser), "lower-cased, the first of each kept where it was");
            assertEquals(saved, tagsOf(code));
            WebElement field = browser.waitFor(By.id("edit:tags-field"));
            assertEquals(String.join(" ", saved), field.getDomProperty("value"), "the field shows them as saved");
            JsonObject changes = Api.json(admin.get("api/v1/links/" + code + "/history"));
            List<JsonObject> entries = changes.getJsonArray("entries").getValuesAs(JsonObject.class);
            JsonObject last = entries.get(entries.size() - 1);
            assertEquals("changed", last.getString("action"), last.toString());
            assertEquals("account:" + ADMIN, last.getString("actor"), last.toString());
            assertEquals(List.of(old), tags(last.getJsonObject("before")), last.toString());
            assertEquals(saved, tags(last.getJsonObject("after")), last.toString());
            browser.screenshot("link-tags");

            String before = history(code);
            typeTags(browser, old + " " + BAD);
            browser.clickAndAwaitNewPage(By.id("edit:save"));
            assertError(browser, "tags");
            browser.screenshot("link-bad-tag");
            assertEquals(saved, tagsListed(browser), "the page still shows the link's tags");
            assertEquals(saved, tagsOf(code), "nothing written");
            assertEquals(before, history(code), "a refused change writes no history");

            typeTags(browser, "");
            browser.clickAndAwaitNewPage(By.id("edit:save"));
            assertEquals("Saved.", browser.text(INFO));
            assertEquals(List.of(), tagsListed(browser));
            assertEquals("none", browser.text(By.id("tags")));
            assertEquals(List.of(), tagsOf(code));
        }
    }

    @Test
    void aCsvImportGivesEachLinkTheTagsOfItsTagsColumn() throws Exception {
        String spring = unique("spring");
        String sale = unique("sale");
        String url = "https://example.com/console-tags/" + unique("imported") + "/";
        List<String> csv = new ArrayList<>();
        csv.add("url,alias,expiresAt,tags");
        csv.add(url + "1,,," + spring + "|" + sale);
        csv.add(url + "2,,," + sale.toUpperCase(Locale.ROOT) + " " + spring + " " + sale);
        csv.add(url + "3");
        csv.add(url + "4,,," + spring + "|" + BAD);
        Path file = Files.createTempFile("fuxi-tags-", ".csv");
        Files.writeString(file, String.join("\n", csv) + "\n");
        List<String> results;
        try (ConsoleBrowser browser = ConsoleBrowser.open(base).signIn(ADMIN, PASSWORD)) {
            browser.importCsv(file, Duration.ofSeconds(60));
            String expected = "4 of 4 lines: 3 created, 0 already there, 1 refused.";
            // the page's last poll may show "Finished." before its count of lines read has caught up
            browser.await(
                    "the import's counts: " + expected,
                    Duration.ofSeconds(10),
                    page -> expected.equals(browser.text(By.id("counts")).replaceAll("\\s+", " ")));
            browser.driver().findElement(By.id("status:results")).click();
            results = Files.readAllLines(browser.download("import-results.csv"), StandardCharsets.UTF_8);
        } finally {
            Files.delete(file);
        }
        assertEquals(5, results.size(), results.toString());
        String withSpringAndSale = importedCode(results, 1);
        String withSaleAndSpring = importedCode(results, 2);
        assertEquals(List.of(spring, sale), tagsOf(withSpringAndSale));
        assertEquals(List.of(sale, spring), tagsOf(withSaleAndSpring), "lower-cased, duplicates dropped");
        assertEquals(List.of(), tagsOf(importedCode(results, 3)), "no tags column: no tags");
        assertTrue(results.get(4).startsWith("4,400,,,"), results.get(4));
        assertTrue(results.get(4).endsWith(",tags"), results.get(4));
        assertEquals(Set.of(withSpringAndSale, withSaleAndSpring), Set.copyOf(codesTagged(spring)));
    }

    /** Types the tags into the links table's tag filter (no other filter) and waits for the table to show them. */
    private static void filter(ConsoleBrowser browser, String tags) {
        WebElement field = browser.waitFor(By.id("links:tags"));
        field.clear();
        field.sendKeys(tags);
        browser.clickAndAwaitUpdate(By.id("links:search"), "links:table");
    }

    /** Types into the bulk toolbar's tag field, presses one of its buttons and waits for the table's update. */
    private static void bulk(ConsoleBrowser browser, String tag, String button) {
        WebElement field = browser.waitFor(By.id("links:bulk-tag"));
        field.clear();
        field.sendKeys(tag);
        browser.clickAndAwaitUpdate(By.id(button), "links:table");
    }

    /** Ticks and unticks the rows' check boxes until exactly the rows of these links are selected. */
    private static void selectOnly(ConsoleBrowser browser, String... codes) {
        Set<String> wanted = Set.of(codes);
        List<String> selected = new ArrayList<>();
        for (WebElement row : rows(browser)) {
            String code = row.findElement(By.cssSelector("a.code")).getText();
            WebElement box = row.findElement(By.cssSelector(".ui-chkbox-box"));
            if (isTicked(box) != wanted.contains(code)) {
                box.click();
            }
            if (isTicked(box)) {
                selected.add(code);
            }
        }
        assertEquals(wanted, Set.copyOf(selected), "the rows selected");
    }

    private static boolean isTicked(WebElement box) {
        return List.of(box.getDomAttribute("class").split("\\s+")).contains("ui-state-active");
    }

    /** Each row's code with the tags its Tags column shows, in the table's order. */
    private static Map<String, List<String>> tagsShown(ConsoleBrowser browser) {
        Map<String, List<String>> shown = new LinkedHashMap<>();
        for (WebElement row : rows(browser)) {
            List<String> tags = texts(row.findElements(By.cssSelector("span.tag")));
            shown.put(row.findElement(By.cssSelector("a.code")).getText(), tags);
        }
        return shown;
    }

    /** The table's rows of links (not the row that says none matches). */
    private static List<WebElement> rows(ConsoleBrowser browser) {
        List<WebElement> rows = new ArrayList<>();
        for (WebElement row : browser.driver().findElements(By.cssSelector("#links\\:table tbody tr"))) {
            if (!row.findElements(By.cssSelector("a.code")).isEmpty()) {
                rows.add(row);
            }
        }
        return rows;
    }

    /** The tags the link page lists. */
    private static List<String> tagsListed(ConsoleBrowser browser) {
        browser.waitFor(By.id("tags"));
        return texts(browser.driver().findElements(By.cssSelector("#tags span.tag")));
    }

    private static List<String> texts(List<WebElement> elements) {
        return elements.stream().map(WebElement::getText).toList();
    }

    private static void typeTags(ConsoleBrowser browser, String tags) {
        WebElement field = browser.waitFor(By.id("edit:tags-field"));
        field.clear();
        if (!tags.isEmpty()) {
            field.sendKeys(tags);
        }
    }

    /** The page's error message is about this field, as the API names it. */
    private static void assertError(ConsoleBrowser browser, String field) {
        String error = browser.text(ERROR);
        assertTrue(error.startsWith(field + ": "), error);
    }

    /** The code of a line the import created, from its results file. */
    private static String importedCode(List<String> results, int line) {
        String[] cells = results.get(line).split(",");
        assertEquals(line + ",201", cells[0] + "," + cells[1], results.get(line));
        return cells[2];
    }

    /** A new link with these tags, made through the API; its code. */
    private String create(String... tags) {
        String url = "https://example.com/console-tags/" + unique("link");
        String tagsJson = Json.createArrayBuilder(List.of(tags)).build().toString();
        JsonObject link = admin.created("{\"url\":\"" + url + "\",\"tags\":" + tagsJson + "}");
        assertEquals(List.of(tags), tags(link));
        return link.getString("code");
    }

    /** The link's tags, as the API answers them. */
    private List<String> tagsOf(String code) {
        HttpResponse<String> link = admin.get("api/v1/links/" + code);
        assertEquals(200, link.statusCode(), link.body());
        return tags(Api.json(link));
    }

    /** The codes of the links with this tag, as the API lists them. */
    private List<String> codesTagged(String tag) {
        HttpResponse<String> list = admin.get("api/v1/links?size=100&tag=" + tag);
        assertEquals(200, list.statusCode(), list.body());
        List<String> codes = new ArrayList<>();
        for (JsonObject link : Api.json(list).getJsonArray("links").getValuesAs(JsonObject.class)) {
            codes.add(link.getString("code"));
        }
        return codes;
    }

    private String history(String code) {
        HttpResponse<String> history = admin.get("api/v1/links/" + code + "/history");
        assertEquals(200, history.statusCode(), history.body());
        return history.body();
    }

    private static List<String> tags(JsonObject json) {
        assertTrue(json.containsKey("tags"), "no tags in " + json);
        return json.getJsonArray("tags").getValuesAs(JsonString::getString);
    }

    /** A word no other test (or run) uses, and a valid tag: at most 26 characters. */
    private static String unique(String word) {
        return word + "-" + Long.toString(SERIAL.incrementAndGet(), 36);
    }
}
