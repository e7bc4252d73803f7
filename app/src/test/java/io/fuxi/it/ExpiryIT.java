package io.fuxi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fuxi.it.clock.ClockResource;
import io.fuxi.it.clock.MovableClock;
import jakarta.json.JsonObject;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Expiry end to end, on the real WAR plus a movable clock: links answer 410 the moment they expire, a purge removes
 * them (404), and their codes go back to the pool and are handed out again. The deployment's timer is on, with a
 * day between runs, so it runs only when a test makes a run due: by moving the application's clock a day on and the
 * last run's end in the lease a day back. Time passes for the purge only through the clock and the lease: a held
 * code is made old enough by moving its hold back. (These settings have a higher ordinal than the suite's system
 * properties, which turn the timer off.)
 */
@Tag("deployed")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ExpiryIT {

    @ArquillianResource
    URL base;

    private Api admin;
    private final Rows rows = new Rows(TestDatabase.dataSource("fuxi"));

    @Deployment(testable = false)
    static WebArchive war() {
        JavaArchive settings = ShrinkWrap.create(JavaArchive.class, "expiry-it-settings.jar")
                .addAsManifestResource(new StringAsset("""
                        config_ordinal=500
                        fuxi.expiry.scheduled=true
                        fuxi.expiry.interval-seconds=86400
                        """), "microprofile-config.properties");
        return DeployedFuxi.war()
                .addClasses(MovableClock.class, ClockResource.class)
                .addAsLibrary(settings);
    }

    @BeforeEach
    void connect() throws URISyntaxException {
        admin = new Api(base.toURI());
    }

    @AfterEach
    void clockBack() {
        admin.clockBack();
    }

    @Test
    void expiredLinksAnswer410ThenArePurgedAndTheirCodesComeBack() {
        String inAMinute = Instant.now().plus(Duration.ofMinutes(1)).toString();
        String lasting =
                admin.created("{\"url\":\"https://example.com/lasting\"}").getString("code");
        String brief = admin.created("{\"url\":\"https://example.com/brief\",\"expiresAt\":\"" + inAMinute + "\"}")
                .getString("code");
        String alias = admin.created("{\"url\":\"https://example.com/alias\",\"alias\":\"brief-alias\",\"expiresAt\":\""
                        + inAMinute + "\"}")
                .getString("code");
        assertEquals(302, admin.follow(brief).statusCode(), "cached from here on");

        admin.moveClock(Duration.ofMinutes(2)); // far less than the timer's day
        assertEquals(410, admin.follow(brief).statusCode(), "expired at once, though cached and not yet purged");
        assertEquals(410, admin.follow(alias).statusCode());

        JsonObject report = purgeNow();
        assertEquals(404, admin.follow(brief).statusCode());
        assertEquals(404, admin.follow(alias).statusCode());
        assertEquals(302, admin.follow(lasting).statusCode());
        assertEquals(
                report, Api.json(admin.get("api/v1/expiry")).getJsonObject("lastRun"), "the last run's report is kept");
        assertEquals(List.of(brief), held(brief), "held until no cache can serve the old link, nor a retry replay it");
        assertEquals(List.of(), held(alias), "aliases never go to the pool");
        assertEquals(0, purgeNow().getInt("codesReleased"), "held for a day");

        rows.execute("UPDATE recycled_code SET purged_at = purged_at - INTERVAL 25 HOUR WHERE code = ?", brief);
        assertTrue(purgeNow().getInt("codesReleased") >= 1);
        assertEquals(List.of(), held(brief), "released by the first run a day later");
        List<String> seqs = rows.texts("SELECT seq FROM code_pool WHERE code = ? ORDER BY seq", brief);
        assertEquals(2, seqs.size(), "issued once, then appended once more: " + seqs);
        long appendedAt = Long.parseLong(seqs.get(1));

        // Load more codes after it, then hand out everything before it as if used: skipped codes are never issued
        // (as when a node dies), and the new batch keeps the pool above its low-water mark.
        int started = admin.post("api/v1/pool/batches", "{\"size\":5000}").statusCode();
        assertTrue(started == 202 || started == 409, "202, or 409 while a top-up already loads more: " + started);
        awaitTrue(
                () -> Api.json(admin.get("api/v1/pool"))
                                .getJsonNumber("loadedSeq")
                                .longValue()
                        >= appendedAt + 5000,
                "the batch is loaded");
        rows.execute("UPDATE code_pool_state SET next_seq = " + (appendedAt - 10) + " WHERE next_seq < "
                + (appendedAt - 10));
        List<String> issued = createLinksUntil(brief);
        assertEquals(1, issued.stream().filter(brief::equals).count());
        HttpResponse<String> reborn = admin.follow(brief);
        assertEquals(302, reborn.statusCode());
        assertEquals(
                "https://example.com/reborn/" + issued.indexOf(brief),
                reborn.headers().firstValue("Location").orElseThrow());
        Api.assertProblem(admin.newPartner("not-admin").post("api/v1/expiry/purges", ""), 403, null);
    }

    @Test
    void theTimerPurgesOnceARunIsDue() {
        String soon = admin.created("{\"url\":\"https://example.com/soon\",\"expiresAt\":\""
                        + Instant.now().plusSeconds(60) + "\"}")
                .getString("code");
        int runs = Api.json(admin.get("api/v1/expiry")).getInt("runs");
        // The lease first: a tick that finds the clock moved but the last run recent would try, be refused by the
        // lease, and wait a whole interval (a day) before its next attempt.
        rows.execute(
                "UPDATE job_lease SET last_finished_at = UTC_TIMESTAMP(3) - INTERVAL 2 DAY WHERE name = 'expiry-purge'");
        admin.moveClock(Duration.ofDays(2));
        awaitTrue(
                () -> admin.follow(soon).statusCode() == 404,
                "the timer, which looks every 5 s, purges once a run is due");
        assertTrue(Api.json(admin.get("api/v1/expiry")).getInt("runs") > runs);
    }

    /**
     * The report of a run started now. No timer run is due while a test does this, but the timer may be making an
     * attempt that the lease refuses (after the other test puts the clock back): this node then answers 409 for a
     * moment.
     */
    private JsonObject purgeNow() {
        HttpResponse<String> run = admin.post("api/v1/expiry/purges", "");
        for (int retry = 0; retry < 10 && run.statusCode() == 409 && run.body().contains("on this node"); retry++) {
            pause();
            run = admin.post("api/v1/expiry/purges", "");
        }
        assertEquals(200, run.statusCode(), run.body());
        return Api.json(run);
    }

    private List<String> createLinksUntil(String code) {
        List<String> issued = new ArrayList<>();
        for (int call = 0; call < 5 && !issued.contains(code); call++) {
            StringBuilder items = new StringBuilder("[");
            for (int i = 0; i < 100; i++) {
                items.append(i == 0 ? "" : ",")
                        .append("{\"url\":\"https://example.com/reborn/")
                        .append(issued.size() + i)
                        .append("\"}");
            }
            HttpResponse<String> bulk =
                    admin.post("api/v1/links/bulk", items.append("]").toString());
            assertEquals(200, bulk.statusCode(), bulk.body());
            Api.json(bulk)
                    .getJsonArray("results")
                    .getValuesAs(JsonObject.class)
                    .forEach(result -> issued.add(result.getJsonObject("link").getString("code")));
        }
        assertTrue(issued.contains(code), "the recycled code was not handed out among " + issued.size() + " new links");
        return issued;
    }

    /** The code, if it is held for recycling. */
    private List<String> held(String code) {
        return rows.texts("SELECT code FROM recycled_code WHERE code = ?", code);
    }

    /** Polls until the condition holds: for work the application does in the background, not for time to pass. */
    private static void awaitTrue(Supplier<Boolean> condition, String what) {
        Instant deadline = Instant.now().plusSeconds(45);
        while (!condition.get()) {
            assertFalse(Instant.now().isAfter(deadline), "not within 45 s: " + what);
            pause();
        }
    }

    private static void pause() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
