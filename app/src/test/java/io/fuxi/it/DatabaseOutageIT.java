package io.fuxi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A running Fuxi (the run command, in a process of its own) whose database freezes, as a database that hangs does,
 * and then comes back: redirects from the cache go on, everything that needs the database answers 503 within 5 s
 * (never a 500, never a hang), creates in flight do not take the redirects' threads, no more of them wait than the
 * API's bulkhead allows, and everything recovers by itself once the database answers again, the bulkhead's permits
 * with it.
 */
@Tag("process")
class DatabaseOutageIT {

    private static final Duration FAST = Duration.ofSeconds(5);
    private static final int CREATES_IN_FLIGHT = 48;
    private static final int API_PERMITS = 40;
    private static final String BUSY = "Too many API calls in progress";

    private final Path dataDir = Path.of(System.getProperty("fuxi.it.dir"), "outage-data-" + System.nanoTime());
    private final int httpPort = FuxiProcess.freePort();
    private final String key = "fuxi_outage_key_0123456789_" + System.nanoTime();

    @Test
    void aFrozenDatabaseGetsFast503sWhileCachedRedirectsGoOnAndAllRecoversByItself() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(CREATES_IN_FLIGHT);
        try (TcpProxy database = new TcpProxy(TestDatabase.port());
                FuxiProcess fuxi = FuxiProcess.startReady(launcher(database.port()))) {
            Api api = new Api(FuxiProcess.base(httpPort)).as(key);
            String cached =
                    api.created("{\"url\":\"https://example.com/outage\"}").getString("code");
            assertEquals(302, api.follow(cached).statusCode()); // now in the cache
            String unknown = "Zq" + Long.toString(System.nanoTime() % 1_000_000, 36);

            database.freeze();

            assertEquals(
                    302, timed(api, api.request(cached), Duration.ofSeconds(1)).statusCode(), "from the cache");
            HttpResponse<String> uncached = timed(api, api.request(unknown), FAST);
            assertEquals(503, uncached.statusCode(), uncached.body());
            assertEquals("5", uncached.headers().firstValue("Retry-After").orElse(null));
            assertTrue(uncached.body().contains("Try again in a moment"), uncached.body());
            HttpResponse<String> create = timed(api, createRequest(api, "refused"), FAST);
            Api.assertProblem(create, 503, null);
            assertEquals("5", create.headers().firstValue("Retry-After").orElse(null));
            HttpResponse<String> ready = timed(api, api.request("health/ready"), FAST);
            assertEquals(503, ready.statusCode(), ready.body());

            List<Future<HttpResponse<String>>> creates = new ArrayList<>();
            for (int i = 0; i < CREATES_IN_FLIGHT; i++) {
                String path = "in-flight-" + i;
                creates.add(clients.submit(() -> timed(api, createRequest(api, path), Duration.ofSeconds(15))));
            }
            for (int i = 0; i < 100; i++) {
                assertEquals(
                        302,
                        timed(api, api.request(cached), Duration.ofSeconds(1)).statusCode(),
                        "a cached redirect while " + CREATES_IN_FLIGHT + " creates wait on the database");
            }
            int busy = 0;
            for (Future<HttpResponse<String>> inFlight : creates) {
                Api.assertProblem(inFlight.get(), 503, null);
                busy += inFlight.get().body().contains(BUSY) ? 1 : 0;
            }
            assertTrue(
                    busy >= CREATES_IN_FLIGHT - API_PERMITS,
                    busy + " creates refused by the bulkhead; at most " + API_PERMITS + " may wait at a time");

            database.thaw();

            JsonObject recovered = awaitCreated(api);
            assertEquals(302, api.follow(recovered.getString("code")).statusCode());
            assertEquals(404, api.follow(unknown).statusCode());
            awaitReady(api);
            assertAllPermitsFree(api, clients);
            fuxi.stop();
        } finally {
            clients.shutdownNow();
        }
    }

    private ProcessBuilder launcher(int databasePort) {
        ProcessBuilder builder = FuxiProcess.launcher(dataDir, httpPort, "-Dfuxi.clicks.flush-seconds=1");
        TestDatabase.pointAt(builder.environment(), databasePort, "fuxi_outage_" + System.nanoTime());
        builder.environment().put("FUXI_BOOTSTRAP_API_KEY", key);
        builder.environment().put("FUXI_CODES_INITIAL_BATCH_SIZE", "20000");
        builder.environment().put("FUXI_API_MAX_CONCURRENT", String.valueOf(API_PERMITS));
        builder.environment().put("FUXI_API_MAX_CONCURRENT_PER_KEY", String.valueOf(API_PERMITS)); // one key here
        return builder;
    }

    private static HttpRequest.Builder createRequest(Api api, String path) {
        return api.authorized("api/v1/links")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"url\":\"https://example.com/" + path + "\"}"));
    }

    /** Sends the request and fails unless the answer comes within the limit. */
    private static HttpResponse<String> timed(Api api, HttpRequest.Builder request, Duration limit) {
        long started = System.nanoTime();
        HttpResponse<String> response = api.send(request.timeout(limit.plusSeconds(10)));
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        assertTrue(
                took.compareTo(limit) <= 0, "answered " + response.statusCode() + " after " + took + ", over " + limit);
        return response;
    }

    /**
     * As many creates at once as the bulkhead allows are all made: every create that waited on the frozen database
     * gave its permit back.
     */
    private static void assertAllPermitsFree(Api api, ExecutorService clients) throws Exception {
        List<Future<HttpResponse<String>>> creates = new ArrayList<>();
        for (int i = 0; i < API_PERMITS; i++) {
            String path = "after-" + i;
            creates.add(clients.submit(() -> api.send(createRequest(api, path))));
        }
        for (Future<HttpResponse<String>> create : creates) {
            assertEquals(201, create.get().statusCode(), create.get().body());
        }
    }

    /** Waits until /health/ready is UP again (the click flush, stalled meanwhile, catches up); fails after 30 s. */
    private static void awaitReady(Api api) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        HttpResponse<String> ready = api.send(api.request("health/ready"));
        while (ready.statusCode() != 200) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not ready 30 s after the database came back: " + ready.body());
            }
            Thread.sleep(500);
            ready = api.send(api.request("health/ready"));
        }
    }

    /** Creates a link as soon as the database answers again; fails after 60 s. */
    private static JsonObject awaitCreated(Api api) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            HttpResponse<String> response = api.send(createRequest(api, "recovered"));
            if (response.statusCode() == 201) {
                return Api.json(response);
            }
            assertEquals(503, response.statusCode(), response.body());
            if (System.nanoTime() > deadline) {
                throw new AssertionError("creates still fail 60 s after the database came back: " + response.body());
            }
            Thread.sleep(500);
        }
    }
}
