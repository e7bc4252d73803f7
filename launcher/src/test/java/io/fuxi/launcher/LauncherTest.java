package io.fuxi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LauncherTest {

    @Test
    void theArchiveRunKeepsOnlyWhatTheArchiveDependsOnAndRunsAloneOnLoopback() throws Exception {
        Map<String, String> given = Map.of(
                "FUXI_JAVA_OPTS", "-Xmx1g",
                "FUXI_CLASS_DATA_SHARING", "true",
                "FUXI_DB_URL", "jdbc:mysql://db.example/fuxi",
                "FUXI_CLUSTER_MEMBERS", "10.0.0.1:7800",
                "FUXI_HTTP_ADDRESS", "0.0.0.0",
                "FUXI_DATA_DIR", "/var/lib/fuxi",
                "PATH", "/usr/bin");

        Map<String, String> run = Launcher.archiveRunEnvironment(given, Path.of("/opt/fuxi"));

        assertEquals("-Xmx1g", run.get("FUXI_JAVA_OPTS"));
        assertEquals("true", run.get("FUXI_CLASS_DATA_SHARING"));
        assertEquals("/usr/bin", run.get("PATH"));
        assertEquals("/opt/fuxi/archive-run", run.get("FUXI_DATA_DIR"));
        assertEquals("127.0.0.1", run.get("FUXI_HTTP_ADDRESS"));
        int port = Integer.parseInt(run.get("FUXI_HTTP_PORT"));
        assertTrue(port >= 20_000 && port < 32_000, "below the ephemeral range: " + port);
        assertEquals(null, run.get("FUXI_DB_URL"), "an embedded database, not the caller's");
        assertEquals(null, run.get("FUXI_CLUSTER_MEMBERS"), "a node alone");
        LaunchSettings settings = LaunchSettings.from(run);
        assertTrue(settings.refusal().isEmpty());
        assertTrue(settings.externalDbUrl().isEmpty());
    }

    @Test
    void payaraRunsOnFuxisJvmOptionsThenTheGivenOnesWhichWin() {
        assertEquals(
                List.of(
                        "-XX:-ClassUnloadingWithConcurrentMark",
                        "-XX:MetaspaceSize=256m",
                        "-Xmx1g",
                        "-XX:+ClassUnloadingWithConcurrentMark"),
                Launcher.javaOptions("  -Xmx1g   -XX:+ClassUnloadingWithConcurrentMark "));
        assertEquals(
                List.of("-XX:-ClassUnloadingWithConcurrentMark", "-XX:MetaspaceSize=256m"), Launcher.javaOptions(" "));
    }
}
