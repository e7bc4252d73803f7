package io.fuxi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LaunchSettingsTest {

    @Test
    void aNodeAloneMayUseTheEmbeddedDatabase() {
        assertTrue(LaunchSettings.from(Map.of()).refusal().isEmpty());
    }

    @Test
    void clusteredNodesMustShareAnExternalDatabase() {
        assertTrue(LaunchSettings.from(Map.of("FUXI_CLUSTER_MEMBERS", "127.0.0.1:7800,127.0.0.1:7801"))
                .refusal()
                .orElseThrow()
                .contains("FUXI_DB_URL"));
        assertTrue(LaunchSettings.from(Map.of("FUXI_CLUSTER_DNS_QUERY", "fuxi.default.svc"))
                .refusal()
                .isPresent());
        assertEquals(
                java.util.Optional.empty(),
                LaunchSettings.from(
                                Map.of("FUXI_CLUSTER_MEMBERS", "127.0.0.1:7800", "FUXI_DB_URL", "jdbc:mysql://db/fuxi"))
                        .refusal());
    }
}
