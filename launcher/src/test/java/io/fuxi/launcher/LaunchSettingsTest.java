package io.fuxi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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

    @Test
    void aNumberThatIsNoneOrOutOfRangeIsNamedInOneSentence() {
        assertEquals(8080, LaunchSettings.from(Map.of("FUXI_HTTP_PORT", " ")).httpPort(), "blank: the default");
        assertEquals(
                512,
                LaunchSettings.from(Map.of("FUXI_EMBEDDED_DB_BUFFER_POOL_MB", "512"))
                        .embeddedDbBufferPoolMb());
        assertEquals(
                EmbeddedDatabase.defaultBufferPoolMb(),
                LaunchSettings.from(Map.of()).embeddedDbBufferPoolMb(),
                "an eighth of this machine's memory, within bounds");
        assertEquals(-1, LaunchSettings.from(Map.of()).keepAliveRequests(), "no limit by default");
        assertEquals(
                "FUXI_HTTP_KEEP_ALIVE_REQUESTS is \"0\": it takes a whole number from 1 to 2,147,483,647, or -1 for no"
                        + " limit.",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> LaunchSettings.from(Map.of("FUXI_HTTP_KEEP_ALIVE_REQUESTS", "0")))
                        .getMessage());
        assertEquals(
                -1,
                LaunchSettings.from(Map.of("FUXI_HTTP_KEEP_ALIVE_REQUESTS", " -1"))
                        .keepAliveRequests());
        assertEquals(
                1000,
                LaunchSettings.from(Map.of("FUXI_HTTP_KEEP_ALIVE_REQUESTS", "1000"))
                        .keepAliveRequests());
        Map<String, String> wrong = Map.of(
                "FUXI_HTTP_PORT", "80a",
                "FUXI_EMBEDDED_DB_PORT", "70000",
                "FUXI_EMBEDDED_DB_BUFFER_POOL_MB", "8",
                "FUXI_START_TIMEOUT_SECONDS", "-1",
                "FUXI_HTTP_KEEP_ALIVE_REQUESTS", "0",
                "FUXI_LOG_FILE_MB", "99999999999999999999");
        wrong.forEach((name, value) -> {
            IllegalArgumentException refused =
                    assertThrows(IllegalArgumentException.class, () -> LaunchSettings.from(Map.of(name, value)));
            assertTrue(
                    refused.getMessage().startsWith(name + " is \"" + value + "\": it takes a whole number from "),
                    refused.getMessage());
        });
    }
}
