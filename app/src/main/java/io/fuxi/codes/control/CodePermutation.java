package io.fuxi.codes.control;

import java.nio.ByteBuffer;

/**
 * A keyed pseudorandom permutation of the code space [0, 62^6): position i of the permutation is the i-th code
 * ever generated. Being a bijection, it never yields the same code for two positions, so batches taken from
 * consecutive position ranges are distinct from each other by construction, with nothing held in memory.
 * Being keyed with a secret, consecutive positions give unrelated codes.
 * <p>
 * A balanced Feistel network on 36 bits (two 18-bit halves, SipHash-2-4 as the round function) permutes
 * [0, 2^36); cycle walking re-applies it until the value falls inside [0, 62^6), which keeps it a permutation
 * of the smaller set (2^36 / 62^6 = 1.21 walks on average).
 */
public final class CodePermutation {

    private static final int HALF_BITS = 18;
    private static final long HALF_MASK = (1L << HALF_BITS) - 1;
    private static final int ROUNDS = 8;

    private final SipHash roundFunction;

    public CodePermutation(byte[] key) {
        if (key.length != 16) {
            throw new IllegalArgumentException("the permutation key has 16 bytes");
        }
        ByteBuffer words = ByteBuffer.wrap(key);
        this.roundFunction = new SipHash(words.getLong(), words.getLong());
    }

    public long apply(long position) {
        if (position < 0 || position >= Base62.SPACE) {
            throw new IllegalArgumentException("position outside the code space: " + position);
        }
        long value = position;
        do {
            value = feistel(value);
        } while (value >= Base62.SPACE);
        return value;
    }

    public String codeAt(long position) {
        return Base62.encode(apply(position));
    }

    private long feistel(long value) {
        long left = value >>> HALF_BITS;
        long right = value & HALF_MASK;
        for (int round = 0; round < ROUNDS; round++) {
            long next = left ^ (roundFunction.hash(((long) round << 32) | right) & HALF_MASK);
            left = right;
            right = next;
        }
        return (left << HALF_BITS) | right;
    }
}
