package io.fuxi.platform.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterSettingsTest {

    private static final String SECRET = "sixteen-chars-ok";

    @Test
    void aNodeIsAloneByDefaultAndNeedsNoSecret() {
        ClusterSettings alone = ClusterSettings.of("", "", "127.0.0.1", 7800, "", "fuxi");
        assertFalse(alone.isClustered());
        assertEquals("127.0.0.1:7800", alone.nodeName());
    }

    @Test
    void membersAreHostPortPairs() {
        ClusterSettings settings =
                ClusterSettings.of(" 10.0.0.1:7800, node-b:7801 ,", "", "10.0.0.1", 7800, SECRET, "fuxi");
        assertTrue(settings.isClustered());
        assertEquals(
                List.of(
                        InetSocketAddress.createUnresolved("10.0.0.1", 7800),
                        InetSocketAddress.createUnresolved("node-b", 7801)),
                settings.members());
    }

    @Test
    void whatCannotWorkIsRefusedNamingTheKey() {
        assertMessage("fuxi.cluster.members", () -> ClusterSettings.of("node-b", "", "127.0.0.1", 7800, SECRET, "f"));
        assertMessage(
                "fuxi.cluster.members", () -> ClusterSettings.of("node-b:70000", "", "127.0.0.1", 7800, SECRET, "f"));
        assertMessage("fuxi.cluster.port", () -> ClusterSettings.of("", "", "127.0.0.1", 0, SECRET, "f"));
        assertMessage("fuxi.cluster.secret", () -> ClusterSettings.of("a:1", "", "127.0.0.1", 7800, "", "f"));
        assertMessage("fuxi.cluster.secret", () -> ClusterSettings.of("", "fuxi.svc", "127.0.0.1", 7800, "short", "f"));
        assertMessage("not both", () -> ClusterSettings.of("a:1", "fuxi.svc", "127.0.0.1", 7800, SECRET, "f"));
    }

    @Test
    void theSameSecretAndNameGiveTheSameKeyOnEveryNode() throws Exception {
        byte[] one = key(SECRET, "fuxi");
        assertEquals(32, one.length, "AES-256");
        assertArrayEquals(one, key(SECRET, "fuxi"));
        assertFalse(Arrays.equals(one, key(SECRET + "!", "fuxi")));
        assertFalse(Arrays.equals(one, key(SECRET, "other")));
    }

    private static byte[] key(String secret, String name) throws Exception {
        return ClusterChannel.key(ClusterSettings.of("a:1", "", "127.0.0.1", 7800, secret, name))
                .getEncoded();
    }

    private static void assertMessage(String expected, Runnable settings) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, settings::run);
        assertTrue(refused.getMessage().contains(expected), refused.getMessage());
    }
}
