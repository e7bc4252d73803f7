package io.fuxi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Two clustered nodes (separate processes, one database) and what happens when one of them is killed with SIGKILL:
 * mid-purge (the other takes the purge over once the lease has run out) and under a load of creates (no
 * acknowledged link is lost, the other node goes on answering, and the killed node rejoins when restarted).
 */
@Tag("process")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterFaultsIT {

    private static final String SECRET = "cluster-faults-it-" + System.nanoTime();
    private static final int EXPIRED = 2_000;

    private final String database = "fuxi_faults_" + System.nanoTime();
    private final Path root = Path.of(System.getProperty("fuxi.it.dir"), "faults-" + System.nanoTime());
    private final List<Node> nodes = List.of(new Node("a"), new Node("b"));
    private final String members = nodes.get(0).member() + "," + nodes.get(1).member();
    private String key;
    private Rows rows;

    @BeforeAll
    void startTwoNodes() throws Exception {
        for (Node node : nodes) {
            node.start();
        }
        key = Files.readString(nodes.get(0).dataDir.resolve("bootstrap-api-key"))
                .trim();
        DataSource dataSource = TestDatabase.dataSource(database);
        rows = new Rows(dataSource);
    }

    @AfterAll
    void stopNodes() {
        nodes.forEach(Node::kill);
    }

    @Test
    @Order(1)
    void whenThePurgingNodeDiesTheOtherFinishesThePurge() throws Exception {
        insertExpiredLinks();
        Map<String, Node> byLeaseName = new HashMap<>();
        for (Node node : nodes) {
            byLeaseName.put(expiry(node).getString("node"), node);
        }
        String holder = awaitPurgeUnderWay();
        Node purging = byLeaseName.get(holder);
        Node other = nodes.get(1 - nodes.indexOf(purging));

        HttpResponse<String> second = other.api().post("api/v1/expiry/purges", "");
        assertEquals(409, second.statusCode(), "one purge at a time: " + second.body());

        long purgedBefore = expiry(other).getJsonNumber("linksPurged").longValue();
        purging.kill();
        long leftAtKill = expiredLeft();
        assertTrue(leftAtKill > 0, "the purge was still under way when its node died");

        Instant deadline = Instant.now().plus(Duration.ofMinutes(2));
        while (expiredLeft() > 0) {
            assertTrue(Instant.now().isBefore(deadline), expiredLeft() + " expired links left after 2 minutes");
            Thread.sleep(500);
        }
        // a run records its finish after its last delete, and the survivor's timer may run again, empty, before we
        // look: count what the survivor's runs purged since the kill instead of reading its last run
        JsonObject expiry = expiry(other);
        String survivor = expiry.getString("node");
        while (!(survivor.equals(lastFinishedAnywhere(expiry).getString("node", ""))
                        && purgedSince(expiry, purgedBefore) > 0)
                && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
            expiry = expiry(other);
        }
        assertEquals(
                survivor, lastFinishedAnywhere(expiry).getString("node", ""), "the survivor finished it: " + expiry);
        long purgedBySurvivor = purgedSince(expiry, purgedBefore);
        assertTrue(
                purgedBySurvivor > 0 && purgedBySurvivor <= leftAtKill,
                "the survivor purged what was left (" + leftAtKill + " when the other died, " + purgedBefore
                        + " purged by it before): " + expiry);

        purging.start();
        Set<String> both = Set.of(nodes.get(0).member(), nodes.get(1).member());
        assertEquals(both, other.api().clusterMembersOnceThey(both), "it rejoined");
    }

    @Test
    @Order(2)
    void aNodeKilledUnderLoadLosesNoAcknowledgedLink() throws Exception {
        Node survivor = nodes.get(0);
        Node victim = nodes.get(1);
        Map<String, String> acknowledged = new ConcurrentHashMap<>();
        AtomicInteger survivorFailures = new AtomicInteger();
        AtomicBoolean loading = new AtomicBoolean(true);
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            for (int thread = 0; thread < 8; thread++) {
                Node target = thread % 2 == 0 ? survivor : victim;
                int t = thread;
                threads.submit(() -> {
                    for (int i = 0; loading.get(); i++) {
                        String url = "https://faults.example/" + t + "/" + i;
                        try {
                            HttpResponse<String> created = target.api().create("{\"url\":\"" + url + "\"}");
                            if (created.statusCode() == 201) {
                                acknowledged.put(Api.json(created).getString("code"), url);
                            } else if (target == survivor) {
                                survivorFailures.incrementAndGet();
                            }
                        } catch (UncheckedIOException | IllegalStateException refused) {
                            if (target == survivor) {
                                survivorFailures.incrementAndGet();
                            }
                            Thread.sleep(50); // the dead node refuses at once: no busy loop
                        }
                    }
                    return null;
                });
            }
            Thread.sleep(4_000);
            int beforeKill = acknowledged.size();
            assertTrue(beforeKill > 50, "creates were under way: " + beforeKill);
            victim.kill();
            long killed = System.nanoTime();
            int atKill = acknowledged.size();
            while (acknowledged.size() <= atKill + 10) {
                assertTrue(
                        System.nanoTime() - killed < 20_000_000_000L,
                        "the survivor made no more links within 20 s of the kill; it said:\n"
                                + survivor.process.tail(40));
                Thread.sleep(20);
            }
            long stallMillis = (System.nanoTime() - killed) / 1_000_000;
            System.out.println(
                    "ClusterFaultsIT: the survivor made 10 more links " + stallMillis + " ms after the kill");
            Thread.sleep(2_000);
            loading.set(false);
            assertEquals(
                    0,
                    survivorFailures.get(),
                    "calls to the survivor that failed; it said:\n" + survivor.process.tail(40));
        } finally {
            loading.set(false);
            threads.shutdown();
        }
        // a create still in flight can be committed and acknowledged after a query made now, which would miss it
        assertTrue(threads.awaitTermination(30, TimeUnit.SECONDS), "the loading threads stopped");

        Map<String, String> stored = new HashMap<>();
        try (Connection connection = TestDatabase.dataSource(database).getConnection();
                PreparedStatement query =
                        connection.prepareStatement("SELECT code, url FROM link WHERE url LIKE 'https://faults%'")) {
            var result = query.executeQuery();
            while (result.next()) {
                stored.put(result.getString(1), result.getString(2));
            }
        }
        for (Map.Entry<String, String> link : acknowledged.entrySet()) {
            assertEquals(link.getValue(), stored.get(link.getKey()), "acknowledged link " + link.getKey());
        }
        String someCode = acknowledged.keySet().iterator().next();
        assertEquals(302, survivor.api().follow(someCode).statusCode());

        victim.start();
        Set<String> both = Set.of(nodes.get(0).member(), nodes.get(1).member());
        assertEquals(both, survivor.api().clusterMembersOnceThey(both), "it rejoined");
        List<String> afterRestart = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            afterRestart.add(victim.api()
                    .created("{\"url\":\"https://faults.example/after/" + i + "\"}")
                    .getString("code"));
        }
        afterRestart.forEach(code ->
                assertTrue(!acknowledged.containsKey(code), "a code handed out again after the restart: " + code));
        assertEquals(
                0,
                rows.number("SELECT COUNT(*) FROM (SELECT url FROM link WHERE url LIKE 'https://faults.example/after/%'"
                        + " GROUP BY url HAVING COUNT(*) > 1) twice"));
        assertNotEquals(someCode, afterRestart.get(0));
    }

    /** Links that expired an hour ago, with codes no pool hands out ("e-" and four digits), written straight to the table. */
    private void insertExpiredLinks() throws Exception {
        try (Connection connection = TestDatabase.dataSource(database).getConnection();
                PreparedStatement insert = connection.prepareStatement(
                        "INSERT INTO link (code, url, owner_key_id, created_at, expires_at, url_hash)"
                                + " VALUES (?, ?, 1, NOW(3) - INTERVAL 2 HOUR, NOW(3) - INTERVAL 1 HOUR,"
                                + " UNHEX(LEFT(SHA2(?, 256), 32)))")) {
            for (int i = 0; i < EXPIRED; i++) {
                String url = "https://expired.example/" + i;
                insert.setString(1, String.format("e-%04d", i));
                insert.setString(2, url);
                insert.setString(3, url);
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    private String awaitPurgeUnderWay() throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (true) {
            long purged = EXPIRED - expiredLeft();
            String holder = rows.text("SELECT holder FROM job_lease WHERE name = 'expiry-purge'");
            if (purged >= 100 && holder != null) {
                return holder;
            }
            assertTrue(Instant.now().isBefore(deadline), "no purge under way after a minute");
            Thread.sleep(100);
        }
    }

    private long expiredLeft() {
        return rows.number("SELECT COUNT(*) FROM link WHERE code LIKE 'e-%'");
    }

    private static long purgedSince(JsonObject expiry, long purgedBefore) {
        return expiry.getJsonNumber("linksPurged").longValue() - purgedBefore;
    }

    private static JsonObject lastFinishedAnywhere(JsonObject expiry) {
        return expiry.isNull("lastFinishedAnywhere")
                ? JsonValue.EMPTY_JSON_OBJECT
                : expiry.getJsonObject("lastFinishedAnywhere");
    }

    private JsonObject expiry(Node node) {
        HttpResponse<String> expiry = node.api().get("api/v1/expiry");
        assertEquals(200, expiry.statusCode(), expiry.body());
        return Api.json(expiry);
    }

    private final class Node {
        final Path dataDir;
        final int port = FuxiProcess.freePort();
        final int clusterPort = FuxiProcess.freePort();
        FuxiProcess process;

        Node(String name) {
            this.dataDir = root.resolve(name);
        }

        String member() {
            return "127.0.0.1:" + clusterPort;
        }

        void start() throws Exception {
            ProcessBuilder builder = FuxiProcess.launcherOnTestDatabase(dataDir, port, database);
            Map<String, String> env = builder.environment();
            env.put("FUXI_CLUSTER_MEMBERS", members);
            env.put("FUXI_CLUSTER_PORT", Integer.toString(clusterPort));
            env.put("FUXI_CLUSTER_SECRET", SECRET);
            env.put("FUXI_API_RATE_LIMIT_PER_KEY", "1000000");
            // a purge of 2,000 links takes some 20 s, and a dead node's lease runs out after 5 s
            env.put("FUXI_EXPIRY_INTERVAL_SECONDS", "1");
            env.put("FUXI_EXPIRY_BATCH_SIZE", "10");
            env.put("FUXI_EXPIRY_PAUSE_MILLIS", "100");
            env.put("FUXI_EXPIRY_LEASE_SECONDS", "5");
            env.put("FUXI_EXPIRY_RECYCLE_DELAY_SECONDS", "86400");
            process = FuxiProcess.startReady(builder);
        }

        /** SIGKILL to the node's every process, as a crash or an OOM killer would. */
        void kill() {
            if (process != null) {
                process.close();
                process = null;
            }
        }

        Api api() {
            return new Api(FuxiProcess.base(port)).as(key);
        }
    }
}
