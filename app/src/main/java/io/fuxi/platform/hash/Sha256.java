package io.fuxi.platform.hash;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** SHA-256, which every JDK has: for key secrets, URL lookups and request fingerprints. */
public final class Sha256 {

    private Sha256() {}

    public static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    public static byte[] of(byte[] bytes) {
        return digest().digest(bytes);
    }
}
