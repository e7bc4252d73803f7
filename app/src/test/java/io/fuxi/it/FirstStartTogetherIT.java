package io.fuxi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Two nodes (the run command twice, each with its own data directory and port) start for the very first time at
 * once against one empty database: exactly one bootstrap API key, one first console account and one initial batch of
 * codes come of it, each made by one node, and the key works on both nodes.
 */
@Tag("process")
class FirstStartTogetherIT {

    private final String database = "fuxi_together_" + System.nanoTime();

    @Test
    void twoNodesStartingTogetherMakeOneBootstrapKeyAndOneFirstAccount() throws Exception {
        Path root = Path.of(System.getProperty("fuxi.it.dir"), "together-" + System.nanoTime());
        List<Node> nodes = List.of(new Node(root.resolve("a")), new Node(root.resolve("b")));
        try (FuxiProcess a = FuxiProcess.start(nodes.get(0).launcher());
                FuxiProcess b = FuxiProcess.start(nodes.get(1).launcher())) {
            a.awaitReady();
            b.awaitReady();

            Rows rows = new Rows(TestDatabase.dataSource(database));
            assertEquals(1, rows.number("SELECT COUNT(*) FROM api_key"), "one bootstrap key");
            List<Path> keyFiles = saved(nodes, "bootstrap-api-key");
            assertEquals(1, keyFiles.size(), "one node saved the key: " + keyFiles);
            // the first account is made a few seconds after ready (ADR 46), by both nodes at once
            Instant madeBy = Instant.now().plusSeconds(60);
            while (saved(nodes, "admin-password").isEmpty() && Instant.now().isBefore(madeBy)) {
                Thread.sleep(100);
            }
            Thread.sleep(2_000); // time for the other node to make a second one, if it wrongly could
            assertEquals(1, rows.number("SELECT COUNT(*) FROM admin_account"), "one first account");
            assertEquals(1, saved(nodes, "admin-password").size(), "one node saved the password");

            // the first 10,000 codes before ready, the rest of the initial 20,000 in the background, once
            Instant deadline = Instant.now().plusSeconds(60);
            while (rows.number("SELECT loaded_seq FROM code_pool_state") < 20_000
                    && Instant.now().isBefore(deadline)) {
                Thread.sleep(100);
            }
            assertEquals(20_000, rows.number("SELECT loaded_seq FROM code_pool_state"));
            assertEquals(
                    List.of("10000", "10000"),
                    rows.texts("SELECT size FROM code_batch ORDER BY id"),
                    "the initial batch's two parts, each loaded once");

            String key = Files.readString(keyFiles.get(0)).trim();
            for (Node node : nodes) {
                Api api = new Api(FuxiProcess.base(node.port)).as(key);
                HttpResponse<String> keys = api.get("api/v1/keys");
                assertEquals(200, keys.statusCode(), keys.body());
            }
            a.stop();
            b.stop();
        }
    }

    private static List<Path> saved(List<Node> nodes, String file) {
        return nodes.stream()
                .map(node -> node.dataDir.resolve(file))
                .filter(Files::exists)
                .toList();
    }

    private final class Node {
        final Path dataDir;
        final int port = FuxiProcess.freePort();

        Node(Path dataDir) {
            this.dataDir = dataDir;
        }

        ProcessBuilder launcher() {
            ProcessBuilder launcher = FuxiProcess.launcherOnTestDatabase(dataDir, port, database);
            // no top-up during the test: only the initial batch loads
            launcher.environment().put("FUXI_CODES_LOW_WATER_MARK", "1000");
            return launcher;
        }
    }
}
