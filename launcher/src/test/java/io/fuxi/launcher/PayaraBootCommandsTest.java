package io.fuxi.launcher;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PayaraBootCommandsTest {

    private static final String KEEP_ALIVE =
            "set configs.config.server-config.network-config.protocols.protocol.http-listener.http.max-connections=";

    @Test
    void theKeepAliveLimitGoesIntoThePreBootCommands(@TempDir Path dataDir) throws Exception {
        List<String> unlimited = Files.readAllLines(PayaraBootCommands.write(settings(dataDir, Map.of())));
        assertTrue(unlimited.contains(KEEP_ALIVE + "-1"), unlimited.toString());
        List<String> bounded = Files.readAllLines(
                PayaraBootCommands.write(settings(dataDir, Map.of("FUXI_HTTP_KEEP_ALIVE_REQUESTS", "1000"))));
        assertTrue(bounded.contains(KEEP_ALIVE + "1000"), bounded.toString());
    }

    private static LaunchSettings settings(Path dataDir, Map<String, String> env) {
        Map<String, String> all = new HashMap<>(env);
        all.put("FUXI_DATA_DIR", dataDir.toString());
        return LaunchSettings.from(all);
    }
}
