package io.fuxi.codes.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.common.hash.HashFunction;
import com.google.common.hash.Hashing;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SipHashTest {

    /** The reference vector of the SipHash paper's test suite: key 00..0f, message 00..07. */
    @Test
    void matchesTheReferenceVector() {
        SipHash sipHash = new SipHash(0x0706050403020100L, 0x0f0e0d0c0b0a0908L);
        assertEquals(0x93f5f5799a932462L, sipHash.hash(0x0706050403020100L));
    }

    @Test
    void matchesGuavasIndependentImplementation() {
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < 10_000; i++) {
            long k0 = random.nextLong();
            long k1 = random.nextLong();
            long message = random.nextLong();
            HashFunction guava = Hashing.sipHash24(k0, k1);
            assertEquals(guava.hashLong(message).asLong(), new SipHash(k0, k1).hash(message));
        }
    }
}
