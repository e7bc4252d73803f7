package io.fuxi.clicks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VisitorSketchTest {

    private static final int FEW = VisitorSketch.MAX_TOKENS;

    @Test
    void fewVisitorsAreCountedExactlyAndARepeatedOneOnce() {
        VisitorSketch sketch = visitors(0, FEW);
        for (int i = 0; i < FEW; i++) {
            sketch.add(visitor(i));
        }

        assertEquals(FEW, sketch.estimate());
        assertEquals(1 + 4 * FEW, sketch.encode().length, "a few bytes a visitor");
    }

    /** UltraLogLog with 2^11 registers: a relative standard error of about 1.7%, so 5% is three of them. */
    @Test
    void manyVisitorsAreEstimatedWithinAFewPercentInTwoKilobytes() {
        for (int count : new int[] {FEW + 1, 1_000, 100_000}) {
            VisitorSketch sketch = visitors(0, count);

            assertWithin5Percent(count, sketch.estimate());
            assertEquals(1 + 2048, sketch.encode().length);
        }
    }

    @Test
    void bothFormsSurviveTheirStoredForm() {
        for (int count : new int[] {0, 1, FEW, 10_000}) {
            VisitorSketch sketch = visitors(0, count);

            VisitorSketch read = VisitorSketch.decode(sketch.encode());

            assertEquals(sketch.estimate(), read.estimate(), count + " visitors");
            read.add(visitor(0));
            assertEquals(Math.max(1, sketch.estimate()), read.estimate(), "a known visitor is known after reading");
        }
    }

    /** The slots of a day and the batches of a node add up: a visitor seen in both counts once. */
    @Test
    void mergedSketchesCountAVisitorOfBothOnce() {
        int[][] cases = { // visitors [from, to) of the one and of the other
            {0, 100, 50, 150}, // few and few
            {0, 200, 100, 300}, // few and few, more than few together
            {0, 10_000, 5_000, 5_100}, // many and few
            {0, 100, 50, 10_000}, // few and many
            {0, 10_000, 5_000, 15_000} // many and many
        };
        for (int[] c : cases) {
            VisitorSketch one = visitors(c[0], c[1]);
            VisitorSketch other = visitors(c[2], c[3]);
            long otherBefore = other.estimate();

            one.addAll(other);

            long union = Math.max(c[1], c[3]) - Math.min(c[0], c[2]);
            if (union <= FEW) {
                assertEquals(union, one.estimate());
            } else {
                assertWithin5Percent(union, one.estimate());
            }
            assertEquals(otherBefore, other.estimate(), "the other is left as it was");
        }
    }

    @Test
    void aCopyAndAClearedSketchGoTheirOwnWays() {
        for (int count : new int[] {10, 1_000}) {
            VisitorSketch sketch = visitors(0, count);
            long before = sketch.estimate();
            VisitorSketch copy = sketch.copy();

            sketch.clear();
            copy.add(visitor(-1));

            assertTrue(sketch.isEmpty());
            assertEquals(0, sketch.estimate());
            sketch.add(visitor(0));
            assertEquals(1, sketch.estimate(), "after a clear, counting starts again exactly");
            assertTrue(copy.estimate() >= before, "the copy kept its visitors");
        }
    }

    /** A damaged row never stops a flush. */
    @Test
    void anEmptyOrUnreadableStoredSketchReadsAsEmpty() {
        for (byte[] stored : new byte[][] {null, {}, {9, 1, 2, 3, 4}, {2, 1, 2, 3}, {2}, {1, 0, 0}}) {
            VisitorSketch read = VisitorSketch.decode(stored);
            assertTrue(read.isEmpty());
            assertEquals(0, read.estimate());
        }
        VisitorSketch cutShort = VisitorSketch.decode(new byte[] {1, 0, 0, 0, 7, 0, 0});
        assertEquals(1, cutShort.estimate(), "the whole tokens of a cut-short list are kept");
    }

    private static VisitorSketch visitors(int from, int to) {
        VisitorSketch sketch = new VisitorSketch();
        for (int i = from; i < to; i++) {
            sketch.add(visitor(i));
        }
        return sketch;
    }

    /** A well-mixed hash of visitor i (SplitMix64's finalizer), the same on every run. */
    private static long visitor(int i) {
        long z = (i + 0x5EEDL) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static void assertWithin5Percent(long expected, long estimate) {
        assertTrue(Math.abs(estimate - expected) <= expected * 0.05, "estimated " + estimate + " for " + expected);
    }
}
