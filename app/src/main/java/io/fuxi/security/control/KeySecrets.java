package io.fuxi.security.control;

import io.fuxi.platform.hash.Sha256;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Makes and hashes API key secrets. A secret carries 190 random bits, so a fast hash (SHA-256) is enough:
 * slow password hashes protect low-entropy secrets, and would cost every API call a few milliseconds.
 */
public final class KeySecrets {

    private static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final int LENGTH = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private KeySecrets() {}

    public static String newSecret() {
        StringBuilder secret = new StringBuilder("fuxi_");
        for (int i = 0; i < LENGTH; i++) {
            secret.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return secret.toString();
    }

    public static String hash(String secret) {
        return HexFormat.of().formatHex(Sha256.of(secret.getBytes(StandardCharsets.UTF_8)));
    }
}
