package io.fuxi.security.control;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The value of the cookie that a right password for a link sets: when it expires (epoch seconds) and an HMAC-SHA256,
 * under a secret every node shares, of the link's code, the stamp of its password and that time. It is worth nothing
 * for another link, after it expires, or once the link's password changes (its stamp with it).
 */
public final class PasswordCookie {

    public static final String NAME = "fuxi-pass";

    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();
    private static final int LONGEST_VALUE = 80;

    private final SecretKeySpec key;

    public PasswordCookie(byte[] secret) {
        this.key = new SecretKeySpec(secret, "HmacSHA256");
    }

    public String value(String code, long passwordStamp, long expiresAtSecond) {
        return expiresAtSecond + "." + ENCODER.encodeToString(signature(code, passwordStamp, expiresAtSecond));
    }

    /** Whether the value was made for this code and stamp and has not expired at {@code nowSecond}. */
    public boolean admits(String value, String code, long passwordStamp, long nowSecond) {
        if (value == null || value.length() > LONGEST_VALUE) {
            return false;
        }
        int dot = value.indexOf('.');
        if (dot < 1) {
            return false;
        }
        long expiresAtSecond;
        byte[] signature;
        try {
            expiresAtSecond = Long.parseLong(value, 0, dot, 10);
            signature = DECODER.decode(value.substring(dot + 1));
        } catch (IllegalArgumentException garbled) {
            return false;
        }
        return nowSecond < expiresAtSecond
                && MessageDigest.isEqual(signature, signature(code, passwordStamp, expiresAtSecond));
    }

    private byte[] signature(String code, long passwordStamp, long expiresAtSecond) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac.doFinal((code + "\n" + passwordStamp + "\n" + expiresAtSecond).getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
