package io.fuxi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.URISyntaxException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The application's metrics in Prometheus format: every one is there, and each moves when what it counts happens. */
class MetricsIT extends DeployedFuxi {

    private static final Pattern SAMPLE = Pattern.compile("^(fuxi_[a-z_]+)(?:\\{([^}]*)})? (\\S+)$");
    private static final Pattern TAG = Pattern.compile("(\\w+)=\"([^\"]*)\"");

    private static final Set<String> NAMED = Set.of(
            "fuxi_redirects{outcome=hit}",
            "fuxi_redirects{outcome=miss}",
            "fuxi_redirects{outcome=unknown}",
            "fuxi_redirects{outcome=expired}",
            "fuxi_redirects{outcome=disabled}",
            "fuxi_redirects{outcome=blocked}",
            "fuxi_redirects{outcome=not_yet_valid}",
            "fuxi_redirects{outcome=over_limit}",
            "fuxi_redirects{outcome=password}",
            "fuxi_redirects{outcome=unavailable}",
            "fuxi_redirects_early",
            "fuxi_cache_entries",
            "fuxi_cache_hits",
            "fuxi_cache_misses",
            "fuxi_cache_evictions",
            "fuxi_creates{kind=single}",
            "fuxi_creates{kind=bulk-item}",
            "fuxi_creates{kind=refused}",
            "fuxi_creates_early",
            "fuxi_same_url_lookups{answer=filter}",
            "fuxi_same_url_lookups{answer=database}",
            "fuxi_database_errors",
            "fuxi_pool_loaded",
            "fuxi_pool_handed_out",
            "fuxi_pool_remaining",
            "fuxi_purge_runs",
            "fuxi_purge_links",
            "fuxi_clicks{state=counted}",
            "fuxi_clicks{state=flushed}",
            "fuxi_clicks{state=dropped}",
            "fuxi_clicks_pending_links",
            "fuxi_clicks_flush_duration",
            "fuxi_rate_limit_refusals");

    @Test
    void everyNamedMetricIsServed() throws Exception {
        assertEquals(new TreeSet<>(NAMED), metrics().keySet());
    }

    @Test
    void eachMovesWhenWhatItCountsHappens() throws Exception {
        Map<String, Double> before = metrics();

        String code = admin.created("{\"url\":\"https://example.com/metered\",\"new\":true}")
                .getString("code");
        assertEquals(302, admin.follow(code).statusCode()); // cached when created: a hit
        assertEquals(
                200,
                admin.patch("api/v1/links/" + code, "{\"url\":\"https://example.com/moved\"}")
                        .statusCode());
        assertEquals(302, admin.follow(code).statusCode()); // the change dropped it from the cache: a miss
        assertEquals(404, admin.follow("zzzzz9").statusCode());
        assertEquals(
                200, admin.patch("api/v1/links/" + code, "{\"enabled\":false}").statusCode());
        assertEquals(410, admin.follow(code).statusCode());
        String blocked = admin.created("{\"url\":\"https://metered-block.example/x\",\"new\":true}")
                .getString("code");
        HttpResponse<String> rule = admin.post("api/v1/destinations", "{\"host\":\"metered-block.example\"}");
        assertEquals(201, rule.statusCode(), rule.body());
        try {
            assertEquals(410, admin.follow(blocked).statusCode());
        } finally {
            admin.delete("api/v1/destinations/" + Api.json(rule).getJsonNumber("id"));
        }
        String expiring = admin.created("{\"url\":\"https://example.com/soon\",\"expiresAt\":\""
                        + Instant.now().plus(Duration.ofHours(1)) + "\"}")
                .getString("code");
        admin.moveClock(Duration.ofHours(2));
        assertEquals(410, admin.follow(expiring).statusCode());
        assertEquals(200, admin.post("api/v1/expiry/purges", "").statusCode());
        admin.clockBack();

        StringBuilder bulk = new StringBuilder("[{\"url\":\"not a url\"}");
        for (int i = 0; i < 150; i++) {
            bulk.append(",{\"url\":\"https://example.com/bulk-metered/")
                    .append(i)
                    .append("\"}");
        }
        assertEquals(200, admin.post("api/v1/links/bulk", bulk + "]").statusCode());
        assertEquals(400, admin.create("{\"url\":\"ftp://example.com\"}").statusCode());

        Map<String, Double> after = awaitMetrics(
                now -> now.get("fuxi_clicks{state=flushed}") >= before.get("fuxi_clicks{state=flushed}") + 2
                        && now.get("fuxi_purge_runs") > before.get("fuxi_purge_runs"));
        assertGrew(before, after, "fuxi_redirects{outcome=hit}", 1);
        assertGrew(before, after, "fuxi_redirects{outcome=miss}", 1);
        assertGrew(before, after, "fuxi_redirects{outcome=unknown}", 1);
        assertGrew(before, after, "fuxi_redirects{outcome=disabled}", 1);
        assertGrew(before, after, "fuxi_redirects{outcome=blocked}", 1);
        assertGrew(before, after, "fuxi_redirects{outcome=expired}", 1);
        assertGrew(before, after, "fuxi_cache_hits", 3);
        assertEquals(0.0, after.get("fuxi_redirects_early"), "no valve on this Payara Micro: the servlet answered");
        assertGrew(before, after, "fuxi_cache_misses", 3);
        assertGrew(before, after, "fuxi_creates{kind=single}", 3);
        assertGrew(before, after, "fuxi_creates{kind=bulk-item}", 150);
        assertGrew(before, after, "fuxi_creates{kind=refused}", 2);
        assertEquals( // each single create above asks for a new link or sets an expiry: none asks for an earlier link
                before.get("fuxi_same_url_lookups{answer=filter}")
                        + before.get("fuxi_same_url_lookups{answer=database}")
                        + 150,
                after.get("fuxi_same_url_lookups{answer=filter}") + after.get("fuxi_same_url_lookups{answer=database}"),
                "each create of the bulk call asked once, by the filter or the database");
        assertGrew(before, after, "fuxi_clicks{state=counted}", 2);
        assertGrew(before, after, "fuxi_clicks{state=flushed}", 2);
        assertGrew(before, after, "fuxi_purge_runs", 1);
        assertGrew(before, after, "fuxi_purge_links", 1);
        assertGrew(before, after, "fuxi_pool_handed_out", 100); // 153 codes: at least one more block of 100
        assertEquals(
                after.get("fuxi_pool_loaded") - after.get("fuxi_pool_handed_out"),
                after.get("fuxi_pool_remaining"),
                after.toString());
        assertTrue(after.get("fuxi_cache_entries") > 0, after.toString());

        for (int i = 0; i < 12; i++) { // past the per-address burst of ten calls without a key
            admin.send(admin.request("api/v1/links").GET());
        }
        assertGrew(before, metrics(), "fuxi_rate_limit_refusals", 1);
    }

    private static void assertGrew(Map<String, Double> before, Map<String, Double> after, String name, int atLeast) {
        assertTrue(
                after.get(name) - before.get(name) >= atLeast,
                name + " went from " + before.get(name) + " to " + after.get(name) + ", not up by " + atLeast);
    }

    private Map<String, Double> awaitMetrics(java.util.function.Predicate<Map<String, Double>> done) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        Map<String, Double> now = metrics();
        while (!done.test(now)) {
            if (System.nanoTime() > deadline) {
                fail("the metrics did not get there: " + now);
            }
            Thread.sleep(200); // polling for the next flush, not timing anything
            now = metrics();
        }
        return now;
    }

    /** The application's samples named fuxi_*, keyed by name and tags (the scope tag left out). */
    private Map<String, Double> metrics() throws URISyntaxException {
        HttpResponse<String> scrape =
                admin.send(HttpRequest.newBuilder(base.toURI().resolve("/metrics?scope=application"))
                        .GET());
        assertEquals(200, scrape.statusCode(), scrape.body());
        Map<String, Double> samples = new TreeMap<>();
        for (String line : scrape.body().lines().toList()) {
            Matcher sample = SAMPLE.matcher(line);
            if (sample.matches()) {
                Map<String, String> tags = new TreeMap<>();
                Matcher tag = TAG.matcher(sample.group(2) == null ? "" : sample.group(2));
                while (tag.find()) {
                    if (!tag.group(1).equals("mp_scope")) {
                        tags.put(tag.group(1), tag.group(2));
                    }
                }
                samples.put(
                        sample.group(1) + (tags.isEmpty() ? "" : tags.toString()), Double.parseDouble(sample.group(3)));
            }
        }
        return samples;
    }
}
