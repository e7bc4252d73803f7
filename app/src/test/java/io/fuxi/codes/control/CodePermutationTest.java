package io.fuxi.codes.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CodePermutationTest {

    private static final byte[] KEY = key(1);

    /** Four batches of a million positions each, as the generator takes them: no code twice, within or across batches. */
    @Test
    void consecutiveBatchesNeverRepeatACode() {
        CodePermutation permutation = new CodePermutation(KEY);
        int batches = 4;
        int batchSize = 1_000_000;
        long[] values = new long[batches * batchSize];
        for (int i = 0; i < values.length; i++) {
            values[i] = permutation.apply(i);
        }
        Arrays.sort(values);
        for (int i = 1; i < values.length; i++) {
            assertNotEquals(values[i - 1], values[i], "a code repeated");
        }
        assertTrue(values[0] >= 0 && values[values.length - 1] < Base62.SPACE);
    }

    @Test
    void batchesFarApartInThePermutationAreDistinctToo() {
        CodePermutation permutation = new CodePermutation(KEY);
        long[] values = new long[1_000_000];
        long farAway = 40_000_000_000L;
        for (int i = 0; i < 500_000; i++) {
            values[2 * i] = permutation.apply(i);
            values[2 * i + 1] = permutation.apply(farAway + i);
        }
        Arrays.sort(values);
        for (int i = 1; i < values.length; i++) {
            assertNotEquals(values[i - 1], values[i]);
        }
    }

    @Test
    void theSameKeyAlwaysGivesTheSameCodes() {
        CodePermutation first = new CodePermutation(KEY);
        CodePermutation again = new CodePermutation(KEY.clone());
        for (long i = 0; i < 1000; i++) {
            assertEquals(first.codeAt(i), again.codeAt(i));
        }
    }

    @Test
    void anotherKeyGivesOtherCodes() {
        CodePermutation first = new CodePermutation(KEY);
        CodePermutation other = new CodePermutation(key(2));
        int same = 0;
        for (long i = 0; i < 10_000; i++) {
            same += first.apply(i) == other.apply(i) ? 1 : 0;
        }
        assertTrue(same <= 1, same + " positions gave the same code under two keys");
    }

    /**
     * Codes made one after another are unrelated: every output digit is close to uniform, and neighbours share
     * no more leading characters than chance allows (counting up from a known code finds nothing).
     */
    @Test
    void consecutiveCodesLookRandom() {
        CodePermutation permutation = new CodePermutation(KEY);
        int samples = 620_000;
        int[][] digitCounts = new int[Base62.CODE_LENGTH][62];
        int sharedPrefixes = 0;
        String previous = permutation.codeAt(0);
        for (long i = 1; i <= samples; i++) {
            String code = permutation.codeAt(i);
            for (int d = 0; d < Base62.CODE_LENGTH; d++) {
                digitCounts[d][Base62.ALPHABET.indexOf(code.charAt(d))]++;
            }
            sharedPrefixes += code.regionMatches(0, previous, 0, 2) ? 1 : 0;
            previous = code;
        }
        double expected = samples / 62.0;
        for (int[] position : digitCounts) {
            for (int count : position) {
                assertTrue(Math.abs(count - expected) < expected * 0.06, "digit count " + count + " vs " + expected);
            }
        }
        // two leading characters agree by chance once in 3,844 pairs: about 161 here
        assertTrue(sharedPrefixes < 250, sharedPrefixes + " neighbours share their first two characters");
    }

    private static byte[] key(int seed) {
        byte[] key = new byte[16];
        new SplittableRandom(seed).nextBytes(key);
        return key;
    }
}
