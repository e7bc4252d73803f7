package io.fuxi.idempotency.control;

import io.fuxi.platform.hash.Sha256;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** What makes two requests "the same": method, path and body bytes, hashed. */
public final class Fingerprint {

    private Fingerprint() {}

    public static byte[] of(String method, String path, byte[] body) {
        MessageDigest sha256 = Sha256.digest();
        sha256.update((method + " " + path + "\n").getBytes(StandardCharsets.UTF_8));
        return sha256.digest(body);
    }
}
