package io.fuxi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The README's local cluster command (bin/local-cluster, run by ./fuxi cluster): one database, two nodes and nginx
 * in front; links made and followed through the balancer; SIGTERM stops every process it started.
 */
class LocalClusterIT {

    @Test
    void twoNodesBehindNginxServeAndStopTogether() throws Exception {
        int balancer = FuxiProcess.freePorts(3);
        int clusterPorts = FuxiProcess.freePorts(3);
        Path data = Path.of(System.getProperty("fuxi.it.dir"), "local-cluster-" + System.nanoTime());
        ProcessBuilder command = new ProcessBuilder(
                        "bash", "bin/local-cluster", System.getProperty("fuxi.it.launcherJar"), "2")
                .redirectErrorStream(true);
        command.environment().keySet().removeIf(name -> name.startsWith("FUXI_"));
        command.environment().put("FUXI_HTTP_PORT", Integer.toString(balancer));
        command.environment().put("FUXI_CLUSTER_PORT", Integer.toString(clusterPorts));
        command.environment().put("FUXI_EMBEDDED_DB_PORT", Integer.toString(FuxiProcess.freePort()));
        command.environment().put("FUXI_DATA_DIR", data.toString());
        command.environment().put("FUXI_JAVA_OPTS", "-Xmx384m");
        command.environment().put("FUXI_CODES_INITIAL_BATCH_SIZE", "20000");
        try (FuxiProcess cluster = FuxiProcess.start(command)) {
            cluster.awaitLine("Fuxi cluster of 2 ready at http://localhost:" + balancer, Duration.ofMinutes(6));

            Path secret = data.resolve("cluster/cluster-secret");
            assertEquals(
                    Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE),
                    Files.getPosixFilePermissions(secret));
            String key = Files.readString(data.resolve("cluster/node1/bootstrap-api-key"))
                    .trim();
            Api throughBalancer = new Api(FuxiProcess.base(balancer)).as(key);
            Set<String> answeredBy = new HashSet<>();
            for (int i = 0; i < 10; i++) {
                JsonObject link = throughBalancer.created("{\"url\":\"https://local-cluster.example/" + i + "\"}");
                assertTrue(
                        link.getString("shortUrl").startsWith("http://localhost:" + balancer + "/"), link.toString());
                HttpResponse<String> redirect = throughBalancer.follow(link.getString("code"));
                assertEquals(302, redirect.statusCode());
                assertEquals(
                        "https://local-cluster.example/" + i,
                        redirect.headers().firstValue("Location").orElse(null));
                answeredBy.add(node(throughBalancer));
            }
            assertEquals(2, answeredBy.size(), "nginx spreads the calls over both nodes: " + answeredBy);

            cluster.stop("[cluster] Stopped");
        }
    }

    /** The node that answers this call: its cluster health names it, and it must see both nodes. */
    private static String node(Api api) {
        JsonObject cluster = api.clusterHealth();
        assertEquals(2, cluster.getString("members").split(",").length, cluster.toString());
        return cluster.getString("node");
    }
}
