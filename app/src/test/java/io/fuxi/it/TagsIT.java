package io.fuxi.it;

import static io.fuxi.it.Api.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Link tags through the API, as the tags contract (issue 63) has them: on links, in the list, counted and clicked. */
class TagsIT extends DeployedFuxi {

    /** Tags and URLs of this run only: every test class shares the database and the deployment. */
    private static final AtomicLong SERIAL = new AtomicLong(System.nanoTime() & Long.MAX_VALUE);

    private final Rows rows = new Rows(TestDatabase.dataSource("fuxi"));

    @Test
    void aCreatedLinkCarriesItsTagsLowerCasedDeduplicatedInOrder() {
        String winter = unique("winter");
        String sale = unique("sale");
        String underscored = unique("a_b");
        String longest = unique("long");
        longest = longest + "z".repeat(40 - longest.length());

        JsonObject link = admin.created(withTags(
                uniqueUrl(),
                array(winter.toUpperCase(Locale.ROOT), sale, "S" + sale.substring(1), winter, underscored, longest)));
        List<String> expected = List.of(winter, sale, underscored, longest);
        assertEquals(expected, tagsOf(link), "lower-cased, the first of each kept where it was");
        assertEquals(expected, tagsOf(Api.json(admin.get("api/v1/links/" + link.getString("code")))));

        HttpResponse<String> throughJaxRs = createWithIdempotencyKey(
                admin, withTags(uniqueUrl(), array(sale.toUpperCase(Locale.ROOT), winter, sale)));
        assertEquals(201, throughJaxRs.statusCode(), throughJaxRs.body());
        assertEquals(List.of(sale, winter), tagsOf(Api.json(throughJaxRs)), "the same with an Idempotency-Key");
    }

    @Test
    void tenTagsAreAllowedAndARepeatedOneIsNoEleventh() {
        List<String> ten = distinctTags(10);
        assertEquals(ten, tagsOf(admin.created(withTags(uniqueUrl(), array(ten)))));

        List<String> tenAndARepeat = new ArrayList<>(ten);
        tenAndARepeat.add(ten.get(3).toUpperCase(Locale.ROOT));
        assertEquals(ten, tagsOf(admin.created(withTags(uniqueUrl(), array(tenAndARepeat)))));
    }

    @Test
    void everyLinkAnswerHasTagsEmptyWhenTheLinkHasNone() {
        Api partner = admin.newPartner(unique("untagged"));
        JsonObject plain = partner.created("{\"url\":\"" + uniqueUrl() + "\"}");
        assertEquals(List.of(), tagsOf(plain));
        assertEquals(List.of(), tagsOf(Api.json(partner.get("api/v1/links/" + plain.getString("code")))));

        HttpResponse<String> emptyTags = createWithIdempotencyKey(partner, withTags(uniqueUrl(), "[]"));
        assertEquals(201, emptyTags.statusCode(), emptyTags.body());
        assertEquals(List.of(), tagsOf(Api.json(emptyTags)));

        List<List<String>> listed = Api.json(partner.get("api/v1/links")).getJsonArray("links").stream()
                .map(item -> tagsOf(item.asJsonObject()))
                .toList();
        assertEquals(List.of(List.of(), List.of()), listed);
    }

    @Test
    void badTagsAreRefusedNamingTagsAndWriteNoLink() {
        List<String> badTags = List.of(
                "[\"\"]",
                array("a".repeat(41)),
                array("two words"),
                array("ü"),
                array("semi;colon"),
                "[\"ok\",42]",
                "[\"ok\",null]",
                "[\"ok\",[\"nested\"]]",
                "\"sale\"",
                "{\"sale\":true}",
                "42",
                array(distinctTags(11)));
        for (String tags : badTags) {
            String url = uniqueUrl();
            HttpResponse<String> direct = admin.create(withTags(url, tags));
            assertEquals(400, direct.statusCode(), tags + " -> " + direct.body());
            assertProblem(direct, 400, "tags");
            HttpResponse<String> throughJaxRs = createWithIdempotencyKey(admin, withTags(url, tags));
            assertEquals(400, throughJaxRs.statusCode(), tags + " -> " + throughJaxRs.body());
            assertProblem(throughJaxRs, 400, "tags");
            assertEquals(0, linksWithUrl(url), "no link for the tags " + tags);
        }
    }

    /** The same key shortening the same URL again gets its recent link back, unless the create has tags. */
    @Test
    void aCreateWithTagsNeverGetsTheRecentLinkForItsUrlBack() {
        Api partner = admin.newPartner(unique("recent-url"));
        String url = uniqueUrl();
        String first = partner.created("{\"url\":\"" + url + "\"}").getString("code");
        HttpResponse<String> again = partner.create("{\"url\":\"" + url + "\"}");
        assertEquals(200, again.statusCode(), "without tags, the recent link: " + again.body());
        assertEquals(first, Api.json(again).getString("code"));

        String tag = unique("recent");
        HttpResponse<String> tagged = partner.create(withTags(url, array(tag)));
        assertEquals(201, tagged.statusCode(), tagged.body());
        assertNotEquals(first, Api.json(tagged).getString("code"));
        assertEquals(List.of(tag), tagsOf(Api.json(tagged)));

        HttpResponse<String> taggedAgain = createWithIdempotencyKey(partner, withTags(url, array(tag)));
        assertEquals(201, taggedAgain.statusCode(), taggedAgain.body());
        assertNotEquals(first, Api.json(taggedAgain).getString("code"));
        assertNotEquals(
                Api.json(tagged).getString("code"), Api.json(taggedAgain).getString("code"));
        assertEquals(List.of(), tagsOf(Api.json(partner.get("api/v1/links/" + first))), "the first gained no tags");
        assertEquals(3, linksWithUrl(url));
    }

    @Test
    void bulkItemsCarryTheirTagsAndABadTagSinksOnlyItsItem() {
        String a = unique("a");
        String b = unique("b");
        String c = unique("c");
        String url = uniqueUrl();
        String plainUrl = uniqueUrl();
        String spaceUrl = uniqueUrl();
        String elevenUrl = uniqueUrl();
        String items = "["
                + String.join(
                        ",",
                        withTags(url, array(a.toUpperCase(Locale.ROOT), b, a)),
                        "{\"url\":\"" + plainUrl + "\"}",
                        withTags(url, array(c)),
                        withTags(spaceUrl, array("two words")),
                        withTags(elevenUrl, array(distinctTags(11))))
                + "]";

        HttpResponse<String> response = admin.post("api/v1/links/bulk", items);
        assertEquals(200, response.statusCode(), response.body());
        List<JsonObject> results = Api.json(response).getJsonArray("results").getValuesAs(JsonObject.class);
        assertEquals(
                List.of(201, 201, 201, 400, 400),
                results.stream().map(result -> result.getInt("status")).toList(),
                response.body());
        JsonObject first = results.get(0).getJsonObject("link");
        assertEquals(List.of(a, b), tagsOf(first));
        assertEquals(List.of(), tagsOf(results.get(1).getJsonObject("link")));
        assertEquals(List.of(c), tagsOf(results.get(2).getJsonObject("link")));
        assertNotEquals(
                first.getString("code"),
                results.get(2).getJsonObject("link").getString("code"),
                "with tags, the same URL again is a new link");
        assertEquals("tags", results.get(3).getJsonObject("problem").getString("field"));
        assertEquals("tags", results.get(4).getJsonObject("problem").getString("field"));
        assertEquals(3, Api.json(response).getInt("created"));
        assertEquals(2, Api.json(response).getInt("failed"));

        assertEquals(List.of(a, b), tagsOf(Api.json(admin.get("api/v1/links/" + first.getString("code")))));
        assertEquals(0, linksWithUrl(spaceUrl));
        assertEquals(0, linksWithUrl(elevenUrl));
    }

    /** tags replaces, addTags adds after the existing ones, removeTags removes; together, in that order. */
    @Test
    void patchReplacesAddsAndRemovesTags() {
        String a = unique("a");
        String b = unique("b");
        String c = unique("c");
        String d = unique("d");
        String x = unique("x");
        String y = unique("y");
        String z = unique("z");
        String path = "api/v1/links/"
                + admin.created(withTags(uniqueUrl(), array(a, b))).getString("code");

        assertTagsAfterPatch(path, "{\"tags\":" + array(c.toUpperCase(Locale.ROOT), a) + "}", List.of(c, a));
        assertTagsAfterPatch(
                path, "{\"addTags\":" + array(b, a, d.toUpperCase(Locale.ROOT)) + "}", List.of(c, a, b, d));
        assertTagsAfterPatch(path, "{\"removeTags\":" + array(a, unique("absent")) + "}", List.of(c, b, d));
        assertTagsAfterPatch(path, "{\"enabled\":false}", List.of(c, b, d));
        assertTagsAfterPatch(
                path,
                "{\"removeTags\":" + array(x) + ",\"tags\":" + array(x) + ",\"addTags\":" + array(y, z) + "}",
                List.of(y, z));
        assertTagsAfterPatch(path, "{\"tags\":[]}", List.of());
        assertTagsAfterPatch(path, "{\"addTags\":" + array(a) + "}", List.of(a));
        assertTagsAfterPatch(path, "{\"tags\":null}", List.of());
        assertTagsAfterPatch(path, "{\"removeTags\":" + array(a) + "}", List.of());
    }

    @Test
    void badTagsInAPatchAreRefusedNamingTheirFieldAndChangeNothing() {
        List<String> tags = List.of(unique("kept"), unique("also-kept"));
        String path = "api/v1/links/"
                + admin.created(withTags(uniqueUrl(), array(tags))).getString("code");

        Map<String, String> refused = Map.of(
                "{\"tags\":[\"\"]}",
                "tags",
                "{\"tags\":[42]}",
                "tags",
                "{\"tags\":\"" + unique("not-an-array") + "\"}",
                "tags",
                "{\"addTags\":" + array("ü") + "}",
                "addTags",
                "{\"addTags\":" + array("a".repeat(41)) + "}",
                "addTags",
                "{\"addTags\":\"" + unique("not-an-array") + "\"}",
                "addTags",
                "{\"removeTags\":" + array("two words") + "}",
                "removeTags",
                "{\"removeTags\":[null]}",
                "removeTags",
                "{\"tags\":[],\"removeTags\":" + array("two words") + "}",
                "removeTags",
                "{\"tags\":[],\"addTags\":" + array("two words") + "}",
                "addTags");
        refused.forEach((json, field) -> {
            HttpResponse<String> answer = admin.patch(path, json);
            assertEquals(400, answer.statusCode(), json + " -> " + answer.body());
            assertProblem(answer, 400, field);
            assertEquals(tags, tagsOf(Api.json(admin.get(path))), "nothing written by " + json);
        });
    }

    @Test
    void moreThanTenTagsAfterAnAddIsRefusedOnAddTags() {
        List<String> ten = distinctTags(10);
        String path = "api/v1/links/"
                + admin.created(withTags(uniqueUrl(), array(ten.subList(0, 8)))).getString("code");

        assertProblem(
                admin.patch(path, "{\"addTags\":" + array(ten.get(8), ten.get(9), unique("eleventh")) + "}"),
                400,
                "addTags");
        assertEquals(ten.subList(0, 8), tagsOf(Api.json(admin.get(path))), "nothing written");
        assertTagsAfterPatch(path, "{\"addTags\":" + array(ten.get(0), ten.get(8), ten.get(9)) + "}", ten);

        assertProblem(admin.patch(path, "{\"addTags\":" + array(unique("eleventh")) + "}"), 400, "addTags");
        assertProblem(admin.patch(path, "{\"tags\":" + array(distinctTags(11)) + "}"), 400, "tags");
        assertEquals(ten, tagsOf(Api.json(admin.get(path))), "nothing written");
    }

    @Test
    void theListShowsOnlyLinksWithEveryTagNamedAndStillSearches() {
        Api partner = admin.newPartner(unique("filter"));
        String red = unique("red");
        String blue = unique("blue");
        String both = partner.created(withTags("https://shop.example/winter/coat", array(red, blue)))
                .getString("code");
        String redOnly = partner.created(withTags("https://shop.example/summer/hat", array(red)))
                .getString("code");
        String blueOnly = partner.created(withTags("https://shop.example/winter/scarf", array(blue)))
                .getString("code");
        String untagged = partner.created("{\"url\":\"https://shop.example/winter/boots\"}")
                .getString("code");
        String bothInSummer = partner.created(withTags("https://shop.example/summer/shirt", array(blue, red)))
                .getString("code");

        assertEquals(sorted(both, redOnly, bothInSummer), codes(partner, "tag=" + red));
        List<String> newestFirst = page(partner, "tag=" + red + "&size=100", false);
        List<String> paged = new ArrayList<>(page(partner, "tag=" + red + "&size=2&page=0", true));
        paged.addAll(page(partner, "tag=" + red + "&size=2&page=1", false));
        assertEquals(newestFirst, paged, "two pages of two hold the three links once each, in the same order");
        assertEquals(sorted(both, bothInSummer), codes(partner, "tag=" + red + "&tag=" + blue));
        assertEquals(sorted(both, bothInSummer), codes(partner, "tag=" + blue + "&tag=" + red));
        assertEquals(sorted(both), codes(partner, "tag=" + red + "&tag=" + blue + "&q=winter"));
        assertEquals(sorted(both, blueOnly), codes(partner, "q=winter&tag=" + blue));
        assertEquals(List.of(), codes(partner, "tag=" + red + "&tag=" + unique("nowhere")));
        assertEquals(sorted(both, redOnly, blueOnly, untagged, bothInSummer), codes(partner, ""));
        assertEquals(
                List.of(),
                codes(admin, "tag=" + red + "&tag=" + blue),
                "the list is the caller's own links, an admin key's too (the console lists every key's)");

        JsonObject listed = Api.json(partner.get("api/v1/links?tag=" + red)).getJsonArray("links").stream()
                .map(item -> item.asJsonObject())
                .filter(item -> item.getString("code").equals(both))
                .findFirst()
                .orElseThrow();
        assertEquals(List.of(red, blue), tagsOf(listed), "an item has all its tags, not only those filtered on");
    }

    @Test
    void aMalformedTagInTheListQueryIsRefusedNamingTag() {
        Api partner = admin.newPartner(unique("malformed"));
        String fine = unique("fine");
        for (String malformed : List.of("two%20words", "%C3%BC", "a".repeat(41), "semi%3Bcolon", fine + "&tag=x%2Fy")) {
            assertProblem(partner.get("api/v1/links?tag=" + malformed), 400, "tag");
            assertProblem(admin.get("api/v1/links?q=example&tag=" + malformed), 400, "tag");
        }
    }

    @Test
    void aPartnerSeesAndFiltersOnlyItsOwnLinksTags() {
        Api ann = admin.newPartner(unique("ann"));
        Api ben = admin.newPartner(unique("ben"));
        String shared = unique("shared");
        String bens = unique("bens");
        String annsLink = ann.created(withTags(uniqueUrl(), array(shared))).getString("code");
        String bensFirst =
                ben.created(withTags(uniqueUrl(), array(shared, bens))).getString("code");
        String bensSecond = ben.created(withTags(uniqueUrl(), array(shared))).getString("code");

        assertEquals(List.of(shared + "=1"), tagCounts(ann), "her tags, counting her links only");
        assertEquals(List.of(bens + "=1", shared + "=2"), tagCounts(ben));
        assertEquals(List.of(annsLink), codes(ann, "tag=" + shared));
        assertEquals(List.of(), codes(ann, "tag=" + bens), "another key's tag finds none of its links");
        assertEquals(sorted(bensFirst, bensSecond), codes(ben, "tag=" + shared));

        assertEquals(List.of(bens + "=1", shared + "=3"), tagCounts(admin, Set.of(shared, bens)), "an admin sees all");
        assertEquals(List.of(), codes(admin, "tag=" + shared), "an admin key lists its own links");
    }

    @Test
    void theTagsListCountsLinksPerTagAndDropsATagNoLinkCarries() {
        Api partner = admin.newPartner(unique("counts"));
        assertEquals(List.of(), tagCounts(partner), "no links, no tags");
        String x = unique("x");
        String y = unique("y");
        String z = unique("z");
        String zLink = partner.created(withTags(uniqueUrl(), array(z))).getString("code");
        String xyLink = partner.created(withTags(uniqueUrl(), array(y, x))).getString("code");
        String yLink = partner.created(withTags(uniqueUrl(), array(y))).getString("code");
        assertEquals(List.of(x + "=1", y + "=2", z + "=1"), tagCounts(partner));
        assertEquals(List.of(x + "=1", y + "=2", z + "=1"), tagCounts(admin, Set.of(x, y, z)));

        assertEquals(
                200,
                partner.patch("api/v1/links/" + xyLink, "{\"removeTags\":" + array(x) + "}")
                        .statusCode());
        assertEquals(List.of(y + "=2", z + "=1"), tagCounts(partner), "removed from its only link");
        assertEquals(
                200, partner.patch("api/v1/links/" + yLink, "{\"tags\":null}").statusCode());
        assertEquals(List.of(y + "=1", z + "=1"), tagCounts(partner));
        assertEquals(204, partner.delete("api/v1/links/" + zLink).statusCode());
        assertEquals(List.of(y + "=1"), tagCounts(partner), "its only link deleted");
        assertEquals(List.of(y + "=1"), tagCounts(admin, Set.of(x, y, z)));
    }

    @Test
    void theHistoryShowsATagChangeWithTheTagsBeforeAndAfter() {
        String a = unique("a");
        String b = unique("b");
        String path =
                "api/v1/links/" + admin.created(withTags(uniqueUrl(), array(a))).getString("code");
        assertEquals(200, admin.patch(path, "{\"addTags\":" + array(b) + "}").statusCode());
        assertEquals(200, admin.patch(path, "{\"removeTags\":" + array(a) + "}").statusCode());
        assertEquals(200, admin.patch(path, "{\"tags\":null}").statusCode());

        List<JsonObject> entries =
                Api.json(admin.get(path + "/history")).getJsonArray("entries").getValuesAs(JsonObject.class);
        assertEquals(
                List.of("created", "changed", "changed", "changed"),
                entries.stream().map(entry -> entry.getString("action")).toList(),
                entries.toString());
        assertEquals(tagsObject(a), entries.get(1).getJsonObject("before"));
        assertEquals(tagsObject(a, b), entries.get(1).getJsonObject("after"));
        assertEquals(tagsObject(a, b), entries.get(2).getJsonObject("before"));
        assertEquals(tagsObject(b), entries.get(2).getJsonObject("after"));
        assertEquals(tagsObject(b), entries.get(3).getJsonObject("before"));
        assertEquals(tagsObject(), entries.get(3).getJsonObject("after"));
    }

    /** A tag's clicks are those of the caller's links that carry it (an admin's: every key's links), per day. */
    @Test
    void tagStatsCountTheClicksOfTheCallersLinksWithTheTag() {
        Api partner = admin.newPartner(unique("tag-stats"));
        String promo = unique("promo");
        String adminsLink = admin.created(withTags(uniqueUrl(), array(promo))).getString("code");
        String partnersLink = partner.created(withTags(uniqueUrl(), array(unique("other"), promo)))
                .getString("code");
        String notPromo =
                admin.created(withTags(uniqueUrl(), array(unique("other")))).getString("code");
        click(adminsLink, ClickStatsIT.FIREFOX, 3);
        click(adminsLink, ClickStatsIT.GOOGLEBOT, 1);
        click(partnersLink, ClickStatsIT.FIREFOX, 2);
        click(notPromo, ClickStatsIT.FIREFOX, 4);

        String stats = "api/v1/tags/" + promo + "/stats";
        ClickStatsIT.await(() -> read(admin, stats), counted(6));
        // the other link's clicks flushed too, so that they would show if they were counted for the tag
        ClickStatsIT.await(() -> read(admin, "api/v1/links/" + notPromo + "/stats"), counted(4));
        JsonObject all = read(admin, stats);
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        assertEquals(promo, all.getString("tag"));
        assertEquals(today.minusDays(29).toString(), all.getString("from"), "the last 30 days by default");
        assertEquals(today.toString(), all.getString("to"));
        assertEquals(5, all.getInt("clicks"), all.toString());
        assertEquals(1, all.getInt("botClicks"), all.toString());
        JsonArray days = all.getJsonArray("days");
        assertEquals(30, days.size());
        JsonObject lastDay = days.getJsonObject(29);
        assertEquals(today.toString(), lastDay.getString("date"));
        assertEquals(5, lastDay.getInt("clicks"), all.toString());
        assertEquals(1, lastDay.getInt("botClicks"), all.toString());

        JsonObject partners = read(partner, stats);
        assertEquals(2, partners.getInt("clicks"), "the partner's own link only: " + partners);
        assertEquals(0, partners.getInt("botClicks"), partners.toString());

        JsonObject todayOnly = read(admin, stats + "?from=" + today + "&to=" + today);
        assertEquals(1, todayOnly.getJsonArray("days").size());
        assertEquals(5, todayOnly.getInt("clicks"), todayOnly.toString());
        assertProblem(admin.get(stats + "?from=2026-13-01"), 400, "from");
        assertProblem(admin.get(stats + "?from=" + today.plusDays(1) + "&to=" + today), 400, "from");
    }

    @Test
    void tagStatsRefuseAMalformedTagNamingTag() {
        Api partner = admin.newPartner(unique("stats-malformed"));
        for (String malformed : List.of("two%20words", "%C3%BC", "a".repeat(41), "semi%3Bcolon")) {
            assertProblem(admin.get("api/v1/tags/" + malformed + "/stats"), 400, "tag");
            assertProblem(partner.get("api/v1/tags/" + malformed + "/stats"), 400, "tag");
        }
    }

    /** PATCHes the link; the answer and a read afterwards both carry these tags. */
    private void assertTagsAfterPatch(String path, String json, List<String> expected) {
        HttpResponse<String> patched = admin.patch(path, json);
        assertEquals(200, patched.statusCode(), json + " -> " + patched.body());
        assertEquals(expected, tagsOf(Api.json(patched)), json);
        assertEquals(expected, tagsOf(Api.json(admin.get(path))), json);
    }

    /** The codes the caller's list answers with for this query (at most 100), sorted; a code twice stays twice. */
    private static List<String> codes(Api api, String query) {
        HttpResponse<String> list = api.get("api/v1/links?size=100" + (query.isEmpty() ? "" : "&" + query));
        assertEquals(200, list.statusCode(), query + " -> " + list.body());
        return Api.json(list).getJsonArray("links").getValuesAs(JsonObject.class).stream()
                .map(link -> link.getString("code"))
                .sorted()
                .toList();
    }

    /** A page of the list, newest first as it comes, and whether it says more follow. */
    private static List<String> page(Api api, String query, boolean hasMore) {
        JsonObject list = Api.json(api.get("api/v1/links?" + query));
        assertEquals(hasMore, list.getBoolean("hasMore"), list.toString());
        return list.getJsonArray("links").getValuesAs(JsonObject.class).stream()
                .map(link -> link.getString("code"))
                .toList();
    }

    /** The caller's tags as "tag=links", as GET /api/v1/tags answers them (sorted by tag). */
    private static List<String> tagCounts(Api api) {
        return tagCounts(api, null);
    }

    /** The same, of these tags only (when not null): an admin's list has every test's tags. */
    private static List<String> tagCounts(Api api, Set<String> only) {
        HttpResponse<String> answer = api.get("api/v1/tags");
        assertEquals(200, answer.statusCode(), answer.body());
        List<JsonObject> tags = Api.json(answer).getJsonArray("tags").getValuesAs(JsonObject.class).stream()
                .filter(tag -> only == null || only.contains(tag.getString("tag")))
                .toList();
        List<String> names = tags.stream().map(tag -> tag.getString("tag")).toList();
        assertEquals(names.stream().sorted().toList(), names, "sorted by tag: " + answer.body());
        return tags.stream()
                .map(tag -> tag.getString("tag") + "=" + tag.getInt("links"))
                .toList();
    }

    private void click(String code, String userAgent, int times) {
        for (int i = 0; i < times; i++) {
            HttpResponse<String> redirect = admin.send(
                    admin.request(code).header("User-Agent", userAgent).GET());
            assertEquals(302, redirect.statusCode(), code);
        }
    }

    private static JsonObject read(Api api, String path) {
        HttpResponse<String> response = api.get(path);
        assertEquals(200, response.statusCode(), path + " -> " + response.body());
        return Api.json(response);
    }

    private static Predicate<JsonObject> counted(int clicks) {
        return stats -> stats.getInt("clicks") + stats.getInt("botClicks") >= clicks;
    }

    /** A create through JAX-RS (LinksResource) rather than ahead of it, as an Idempotency-Key sends it. */
    private static HttpResponse<String> createWithIdempotencyKey(Api api, String json) {
        return api.send(api.authorized("api/v1/links")
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", unique("tags-it"))
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    private long linksWithUrl(String url) {
        return rows.number("SELECT COUNT(*) FROM link WHERE url = ?", url);
    }

    private static List<String> tagsOf(JsonObject link) {
        assertTrue(link.containsKey("tags"), "no tags in " + link);
        return link.getJsonArray("tags").getValuesAs(JsonString::getString);
    }

    private static JsonObject tagsObject(String... tags) {
        return Json.createObjectBuilder()
                .add("tags", Json.createArrayBuilder(List.of(tags)))
                .build();
    }

    private static String withTags(String url, String tagsJson) {
        return "{\"url\":\"" + url + "\",\"tags\":" + tagsJson + "}";
    }

    private static String array(String... tags) {
        return array(List.of(tags));
    }

    private static String array(List<String> tags) {
        return Json.createArrayBuilder(tags).build().toString();
    }

    private static List<String> distinctTags(int count) {
        return IntStream.range(0, count).mapToObj(i -> unique("t" + i)).toList();
    }

    private static List<String> sorted(String... codes) {
        return List.of(codes).stream().sorted().toList();
    }

    /** A word no other test (or run) uses: a valid tag of at most 20-odd characters. */
    private static String unique(String word) {
        return word + "-" + Long.toString(SERIAL.incrementAndGet(), 36);
    }

    private static String uniqueUrl() {
        return "https://example.com/tags/" + unique("link");
    }
}
