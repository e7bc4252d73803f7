package io.fuxi.idempotency.control;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** What makes two requests "the same": method, path and body bytes, hashed. */
public final class Fingerprint {

    private Fingerprint() {
    }

    public static byte[] of(String method, String path, byte[] body) {
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            sha256.update((method + " " + path + "\n").getBytes(StandardCharsets.UTF_8));
            return sha256.digest(body);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
