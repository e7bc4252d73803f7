package io.fuxi.it;

import static io.fuxi.it.Api.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Searching a partner's links by URL text through the word index, on both of its plans. */
class LinkSearchIT extends DeployedFuxi {

    private final Rows rows = new Rows(TestDatabase.dataSource("fuxi"));

    @Test
    void partsMustAppearAndWordsMustBeginAWord() {
        Api kim = admin.newPartner("kim");
        String one = kim.created("{\"url\":\"https://shop7.example/Item/1\"}").getString("code");
        String two = kim.created("{\"url\":\"https://shop70.example/item/2\"}").getString("code");
        String sale = kim.created("{\"url\":\"https://other.example/shop7-sale?colour=Red\"}")
                .getString("code");
        String cafe = kim.created("{\"url\":\"https://example.com/café\"}").getString("code");

        assertEquals(List.of(one), codes(kim, "shop7.example"));
        assertEquals(List.of(sale, two, one), codes(kim, "SHOP7"), "a word matches words it begins, ignoring case");
        assertEquals(List.of(two, one), codes(kim, "example item"), "every part, anywhere");
        assertEquals(List.of(one), codes(kim, "item/1"));
        assertEquals(List.of(sale), codes(kim, "colour=red"));
        assertEquals(List.of(cafe), codes(kim, "caf"));
        assertEquals(List.of(), codes(kim, "xample"), "words match from their start");
        assertEquals(List.of(), codes(kim, "shop7.example/item/2"));
        assertEquals(List.of(), codes(kim, "nothing-like-this"));
        assertEquals(List.of(), codes(kim, "café"), "stored URLs are percent-encoded");
        assertEquals(List.of(), codes(admin.newPartner("lou"), "shop7"), "another key's links are not searched");

        assertProblem(kim.get("api/v1/links?q=" + "a".repeat(201)), 400, "q");
    }

    /** Words in most URLs (com, www, html…) have no index rows (ADR 42): a search for them reads the links instead. */
    @Test
    void wordsTheIndexLeavesOutAreFoundAllTheSame() {
        Api rae = admin.newPartner("rae");
        String shop = rae.created("{\"url\":\"https://www.shop.example.com/index.html\"}")
                .getString("code");
        String comet =
                rae.created("{\"url\":\"https://comet.example/org/news\"}").getString("code");
        String other = rae.created("{\"url\":\"https://other.example/page\"}").getString("code");

        assertEquals(List.of("example", "index", "shop"), wordsOf(shop), "no rows for www, com and html");
        assertEquals(List.of("comet", "example", "news"), wordsOf(comet));
        assertEquals(List.of(shop), codes(rae, "www"));
        assertEquals(List.of(shop), codes(rae, "example.com"));
        assertEquals(List.of(comet, shop), codes(rae, "co"), "co begins comet and com");
        assertEquals(List.of(comet), codes(rae, "comet"));
        assertEquals(List.of(shop), codes(rae, "htm"));
        assertEquals(List.of(comet), codes(rae, "org news"));
        assertEquals(List.of(), codes(rae, "com/shop"), "the parts are still checked");
        assertEquals(List.of(other, comet, shop), codes(rae, "example"));

        assertEquals(204, rae.delete("api/v1/links/" + shop).statusCode());
        assertEquals(List.of(), codes(rae, "www"));
    }

    @Test
    void changesAndDeletesReachTheIndex() {
        Api max = admin.newPartner("max");
        String code = max.created("{\"url\":\"https://before.example/path\"}").getString("code");
        assertEquals(List.of(code), codes(max, "before"));

        assertEquals(
                200,
                max.patch("api/v1/links/" + code, "{\"url\":\"https://after.example/path\"}")
                        .statusCode());
        assertEquals(List.of(), codes(max, "before"));
        assertEquals(List.of(code), codes(max, "after.example"));
        assertEquals(List.of("after", "example", "path"), wordsOf(code), "the old URL's words are gone, by their key");
        assertEquals(
                200, max.patch("api/v1/links/" + code, "{\"enabled\":false}").statusCode());
        assertEquals(List.of(code), codes(max, "after.example"), "changes other than the URL keep the words");

        assertEquals(204, max.delete("api/v1/links/" + code).statusCode());
        assertEquals(List.of(), codes(max, "after"));
        assertEquals(List.of(), wordsOf(code), "a deleted link leaves no word behind");
    }

    /**
     * A word in more of a key's links than a search reads from the index is noted as common, and the key's new links
     * get no row for it (ADR 51); they are found all the same, through their other words or newest first.
     */
    @Test
    void aWordInMoreLinksThanASearchReadsGetsNoRowInNewLinks() {
        Api pia = admin.newPartner("pia");
        for (int batch = 0; batch < 12; batch++) { // the node looks every 1,000: the twelfth finds 11,000 rows
            StringBuilder items = new StringBuilder("[");
            for (int i = 0; i < 1000; i++) {
                items.append(i == 0 ? "" : ",")
                        .append("{\"url\":\"https://frequent.example/p/")
                        .append(batch * 1000 + i)
                        .append("\"}");
            }
            HttpResponse<String> bulk =
                    pia.post("api/v1/links/bulk", items.append("]").toString());
            assertEquals(200, bulk.statusCode(), bulk.body());
        }
        String first =
                pia.created("{\"url\":\"https://frequent.example/p/first\"}").getString("code");
        long owner = rows.number("SELECT owner_key_id FROM link WHERE code = ?", first);
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (rows.number("SELECT COUNT(*) FROM link_word_common WHERE owner_key_id = ? AND word = 'frequent'", owner)
                == 0) {
            assertTrue(System.nanoTime() < deadline, "'frequent' not noted as common within 10 s");
            sleep(100);
        }
        assertEquals(
                List.of("example", "frequent", "p"),
                rows.texts("SELECT word FROM link_word_common WHERE owner_key_id = ? ORDER BY word", owner));

        String later =
                pia.created("{\"url\":\"https://frequent.example/p/later\"}").getString("code");

        assertEquals(List.of("later"), wordsOf(later), "no row for the key's common words");
        assertEquals(List.of(later), codes(pia, "frequent later"), "found from its rare word");
        assertEquals(later, codes(pia, "frequent.example/p", 5).get(0), "found newest first");
        assertEquals(List.of(later, first), codes(pia, "frequent.example/p/").subList(0, 2));

        rows.execute("DELETE FROM link_word WHERE owner_key_id = ? AND word = 'frequent'", owner); // as purges might
        assertEquals(List.of(later, first), codes(pia, "frequent", 2), "a noted word never drives, however few rows");
        assertEquals(List.of(later, first), codes(pia, "freq", 2), "nor does a prefix of one");
        assertEquals(List.of(), codes(admin.newPartner("quinn"), "frequent"), "another key's links are not searched");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The link's rows in the word index, as stored. */
    private List<String> wordsOf(String code) {
        return rows.texts("SELECT word FROM link_word WHERE code = ? ORDER BY word", code);
    }

    /**
     * With more than 10,000 links per word every word is common and the search reads the links newest first
     * instead of starting from the index; the answers must be the same kind as the index plan's.
     */
    @Test
    void commonWordsAreSearchedNewestFirstWithTheSameRules() {
        Api ned = admin.newPartner("ned");
        for (int batch = 0; batch < 11; batch++) {
            StringBuilder items = new StringBuilder("[");
            for (int i = 0; i < 1000; i++) {
                int n = batch * 1000 + i;
                items.append(i == 0 ? "" : ",")
                        .append("{\"url\":\"https://common.example/n/")
                        .append(n)
                        .append("\"}");
            }
            HttpResponse<String> bulk =
                    ned.post("api/v1/links/bulk", items.append("]").toString());
            assertEquals(200, bulk.statusCode(), bulk.body());
            assertEquals(1000, Api.json(bulk).getInt("created"));
        }
        String newest =
                ned.created("{\"url\":\"https://common.example/newest\"}").getString("code");

        List<String> everyLink = codes(ned, "", 100);
        assertEquals(newest, everyLink.get(0));
        assertEquals(everyLink, codes(ned, "common.example", 100), "every link matches, newest first");
        assertEquals(everyLink.subList(1, 100), codes(ned, "common.example/n/", 99));
        assertEquals(List.of(), codes(ned, "example.common"), "the parts are still checked");
        assertEquals(List.of(), codes(ned, "common newest/n"));
        assertEquals(List.of(newest), codes(ned, "common newest"), "one rare word: from the index");
        assertEquals(1, codes(ned, "common.example/n/10999").size());
        assertEquals(11, codes(ned, "common 1099").size(), "1099 and 10990 to 10999");
    }

    private static List<String> codes(Api api, String query) {
        return codes(api, query, 100);
    }

    private static List<String> codes(Api api, String query, int size) {
        HttpResponse<String> page =
                api.get("api/v1/links?size=" + size + "&q=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
        assertEquals(200, page.statusCode(), page.body());
        return Api.json(page).getJsonArray("links").getValuesAs(JsonObject.class).stream()
                .map(link -> link.getString("code"))
                .toList();
    }
}
