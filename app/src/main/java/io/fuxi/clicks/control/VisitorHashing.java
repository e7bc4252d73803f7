package io.fuxi.clicks.control;

import com.dynatrace.hash4j.hashing.Hasher64;
import com.dynatrace.hash4j.hashing.Hashing;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A visitor's hash for the unique-visitor sketch: komihash of the client address and User-Agent, seeded with the
 * day's salt (HMAC-SHA256 of the day under a secret every node reads from the database). The same visitor hashes
 * alike on every node on one day and differently the next; neither the address nor the hash is ever stored, only
 * the sketch's registers. Not thread-safe: the aggregator's one thread uses it.
 */
public final class VisitorHashing {

    private final Mac mac;
    private int day = Integer.MIN_VALUE;
    private Hasher64 hasher;

    public VisitorHashing(byte[] secret) {
        try {
            mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    public long hash(int epochDay, String address, String userAgent) {
        if (epochDay != day) {
            byte[] salt = mac.doFinal(ByteBuffer.allocate(4).putInt(epochDay).array());
            hasher = Hashing.komihash5_0(ByteBuffer.wrap(salt).getLong());
            day = epochDay;
        }
        return hasher.hashStream()
                .putString(address == null ? "" : address)
                .putString(userAgent == null ? "" : userAgent)
                .getAsLong();
    }
}
