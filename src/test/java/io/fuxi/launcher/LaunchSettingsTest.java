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

    @Test
    void httpListensOnEveryInterfaceUnlessAnAddressOfThisMachineIsNamed() {
        assertEquals("0.0.0.0", LaunchSettings.from(Map.of()).httpAddress());
        for (String address : new String[] {"127.0.0.1", "0.0.0.0", "::1", "localhost"}) {
            assertTrue(
                    LaunchSettings.from(Map.of("FUXI_HTTP_ADDRESS", address))
                            .refusal()
                            .isEmpty(),
                    address);
        }
        for (String address : new String[] {"", "198.51.100.7"}) {
            assertTrue(
                    LaunchSettings.from(Map.of("FUXI_HTTP_ADDRESS", address))
                            .refusal()
                            .orElseThrow()
                            .startsWith(
                                    "FUXI_HTTP_ADDRESS is \"" + address + "\", which is no address of this machine"),
                    address);
        }
    }
}
