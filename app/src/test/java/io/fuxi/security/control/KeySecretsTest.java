package io.fuxi.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeySecretsTest {

    @Test
    void secretsAreLongRandomAndDistinct() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String secret = KeySecrets.newSecret();
            assertTrue(secret.matches("fuxi_[0-9A-Za-z]{32}"), secret);
            assertTrue(seen.add(secret));
        }
    }

    @Test
    void hashIsSha256InHex() {
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", KeySecrets.hash("abc"));
        assertNotEquals(KeySecrets.hash("fuxi_a"), KeySecrets.hash("fuxi_b"));
    }
}
