package io.fuxi.clicks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class VisitorHashingTest {

    private static final int DAY = 20_541; // 2026-03-29
    private static final String ADDRESS = "192.0.2.1";
    private static final String AGENT = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

    @Test
    void aVisitorHashesAlikeOnEveryNodeOnOneDay() {
        VisitorHashing one = new VisitorHashing(secret(1));
        VisitorHashing another = new VisitorHashing(secret(1));

        assertEquals(one.hash(DAY, ADDRESS, AGENT), another.hash(DAY, ADDRESS, AGENT));
    }

    /** So that the sketches of two days cannot tell that the same person came back. */
    @Test
    void andDifferentlyOnAnotherDay() {
        VisitorHashing hashing = new VisitorHashing(secret(1));
        long today = hashing.hash(DAY, ADDRESS, AGENT);

        assertNotEquals(today, hashing.hash(DAY + 1, ADDRESS, AGENT));
        assertNotEquals(today, hashing.hash(DAY - 1, ADDRESS, AGENT));
        assertEquals(today, hashing.hash(DAY, ADDRESS, AGENT), "a late click for a day counts as that day's visitor");
    }

    /** Without the installation's secret, nobody can hash a known address to find it in the sketches. */
    @Test
    void anotherSecretGivesOtherHashes() {
        assertNotEquals(
                new VisitorHashing(secret(1)).hash(DAY, ADDRESS, AGENT),
                new VisitorHashing(secret(2)).hash(DAY, ADDRESS, AGENT));
    }

    @Test
    void anotherAddressOrAgentIsAnotherVisitor() {
        VisitorHashing hashing = new VisitorHashing(secret(1));
        Set<Long> hashes = new HashSet<>();
        hashes.add(hashing.hash(DAY, ADDRESS, AGENT));
        hashes.add(hashing.hash(DAY, "192.0.2.2", AGENT));
        hashes.add(hashing.hash(DAY, "2001:db8::1", AGENT));
        hashes.add(hashing.hash(DAY, ADDRESS, AGENT + " "));
        hashes.add(hashing.hash(DAY, ADDRESS, null));
        hashes.add(hashing.hash(DAY, null, AGENT));
        hashes.add(hashing.hash(DAY, "192.0.2.1", "5" + AGENT));
        hashes.add(hashing.hash(DAY, "192.0.2.15", AGENT));

        assertEquals(8, hashes.size(), "the boundary between address and agent counts too");
    }

    private static byte[] secret(int seed) {
        byte[] secret = new byte[32];
        for (int i = 0; i < secret.length; i++) {
            secret[i] = (byte) (seed * 31 + i);
        }
        return secret;
    }
}
