package io.fuxi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A node whose code pool runs dry (the run command on a database of its own, with no top-up of its own): creates get a
 * 503 problem that says why and write nothing, no code is handed out twice, and creates work again once an admin
 * loads a batch.
 */
@Tag("process")
class CodePoolIT {

    private static final int INITIAL_CODES = 1_500;

    private final String database = "fuxi_pool_" + System.nanoTime();

    @Test
    void anEmptyPoolAnswers503WritesNothingAndCreatesResumeOnceABatchLoads() throws Exception {
        Path dataDir = Path.of(System.getProperty("fuxi.it.dir"), "pool-" + System.nanoTime());
        int port = FuxiProcess.freePort();
        ProcessBuilder launcher = FuxiProcess.launcherOnTestDatabase(dataDir, port, database);
        launcher.environment().put("FUXI_CODES_INITIAL_BATCH_SIZE", Integer.toString(INITIAL_CODES));
        launcher.environment().put("FUXI_CODES_LOW_WATER_MARK", "0"); // the pool is never topped up by itself
        try (FuxiProcess fuxi = FuxiProcess.startReady(launcher)) {
            Api admin = new Api(FuxiProcess.base(port))
                    .as(Files.readString(dataDir.resolve("bootstrap-api-key")).trim());
            Rows rows = new Rows(TestDatabase.dataSource(database));

            Set<String> codes = created(admin, bulk("first", 1_000));
            assertEquals(1_000, codes.size(), "a block of 1,000 codes, each handed out once");

            // 500 codes are left: the call needs a second block, which the pool cannot fill
            HttpResponse<String> tooMany = admin.post("api/v1/links/bulk", bulk("second", 1_000));
            assertEmptyPool(tooMany);
            HttpResponse<String> single = admin.create("{\"url\":\"https://example.com/pool/single\"}");
            assertEmptyPool(single);
            assertEquals(1_000, rows.number("SELECT COUNT(*) FROM link"), "the refused creates wrote no row");
            assertEquals(INITIAL_CODES + 1L, rows.number("SELECT next_seq FROM code_pool_state"), "all handed out");

            HttpResponse<String> batch = admin.post("api/v1/pool/batches", "{\"size\":2000}");
            assertEquals(202, batch.statusCode(), batch.body());
            Instant deadline = Instant.now().plusSeconds(60);
            HttpResponse<String> again = admin.create("{\"url\":\"https://example.com/pool/again\"}");
            while (again.statusCode() == 503 && Instant.now().isBefore(deadline)) {
                Thread.sleep(200);
                again = admin.create("{\"url\":\"https://example.com/pool/again\"}");
            }
            assertEquals(201, again.statusCode(), again.body());
            assertTrue(codes.add(Api.json(again).getString("code")), "a new code, not one handed out before");
            for (String code : created(admin, bulk("third", 1_000))) {
                assertTrue(codes.add(code), "handed out twice: " + code);
            }
            assertEquals(2_001, rows.number("SELECT COUNT(*) FROM link"));
            fuxi.stop();
        }
    }

    private static void assertEmptyPool(HttpResponse<String> response) {
        Api.assertProblem(response, 503, null);
        assertTrue(Api.json(response).getString("detail").contains("code pool is empty"), response.body());
        assertFalse(response.body().contains("Exception"), response.body());
    }

    /** A bulk call's body: {@code count} new URLs under this path. */
    private static String bulk(String path, int count) {
        StringBuilder items = new StringBuilder("[");
        for (int i = 0; i < count; i++) {
            items.append(i == 0 ? "" : ",")
                    .append("{\"url\":\"https://example.com/pool/")
                    .append(path)
                    .append('/')
                    .append(i)
                    .append("\"}");
        }
        return items.append(']').toString();
    }

    /** The codes a bulk call made; every item must have been created. */
    private static Set<String> created(Api admin, String body) {
        HttpResponse<String> bulk = admin.post("api/v1/links/bulk", body);
        assertEquals(200, bulk.statusCode(), bulk.body());
        Set<String> codes = new HashSet<>();
        for (JsonObject result : Api.json(bulk).getJsonArray("results").getValuesAs(JsonObject.class)) {
            assertEquals(201, result.getInt("status"), result.toString());
            codes.add(result.getJsonObject("link").getString("code"));
        }
        return codes;
    }
}
