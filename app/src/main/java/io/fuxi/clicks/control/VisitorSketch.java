package io.fuxi.clicks.control;

import com.dynatrace.hash4j.distinctcount.UltraLogLog;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The distinct visitors of one link on one day, estimated with an UltraLogLog sketch (hash4j) of 2^11 one-byte
 * registers: a relative standard error of about 1.7%. Few visitors are kept as a short list of UltraLogLog tokens
 * instead (exact up to token collisions, a few bytes each); past {@value #MAX_TOKENS} tokens the sketch is dense
 * (2 KiB). Sketches merge without loss, so a day's slots and a node's batches add up.
 */
public final class VisitorSketch {

    static final int P = 11;
    static final int MAX_TOKENS = 256;
    private static final byte TOKENS = 1;
    private static final byte DENSE = 2;

    private int[] tokens = new int[4];
    private int size;
    private UltraLogLog dense;

    public void add(long visitorHash) {
        addToken(UltraLogLog.computeToken(visitorHash));
    }

    private void addToken(int token) {
        if (dense != null) {
            dense.addToken(token);
            return;
        }
        for (int i = 0; i < size; i++) {
            if (tokens[i] == token) {
                return;
            }
        }
        if (size == MAX_TOKENS) {
            dense = UltraLogLog.create(P);
            for (int i = 0; i < size; i++) {
                dense.addToken(tokens[i]);
            }
            dense.addToken(token);
            tokens = null;
            return;
        }
        if (size == tokens.length) {
            tokens = Arrays.copyOf(tokens, size * 2);
        }
        tokens[size++] = token;
    }

    public void addAll(VisitorSketch other) {
        if (other.dense == null) {
            for (int i = 0; i < other.size; i++) {
                addToken(other.tokens[i]);
            }
            return;
        }
        if (dense == null) {
            UltraLogLog merged = other.dense.copy();
            for (int i = 0; i < size; i++) {
                merged.addToken(tokens[i]);
            }
            dense = merged;
            tokens = null;
        } else {
            dense.add(other.dense);
        }
    }

    /** A sketch of the same visitors, apart from this one. */
    public VisitorSketch copy() {
        VisitorSketch copy = new VisitorSketch();
        if (dense != null) {
            copy.dense = dense.copy();
            copy.tokens = null;
        } else {
            copy.tokens = Arrays.copyOf(tokens, Math.max(size, 4));
            copy.size = size;
        }
        return copy;
    }

    /** Back to no visitors, keeping the token list's memory. */
    public void clear() {
        size = 0;
        if (dense != null) {
            dense = null;
            tokens = new int[4];
        }
    }

    /** The estimated number of distinct visitors. */
    public long estimate() {
        return dense == null ? size : Math.round(dense.getDistinctCountEstimate());
    }

    public boolean isEmpty() {
        return dense == null && size == 0;
    }

    /** The stored form: a format byte, then the tokens (four bytes each) or the registers. */
    public byte[] encode() {
        if (dense != null) {
            byte[] state = dense.getState();
            return ByteBuffer.allocate(1 + state.length).put(DENSE).put(state).array();
        }
        ByteBuffer out = ByteBuffer.allocate(1 + 4 * size).put(TOKENS);
        for (int i = 0; i < size; i++) {
            out.putInt(tokens[i]);
        }
        return out.array();
    }

    /** A sketch from its stored form; an empty or unreadable one is an empty sketch (a row never breaks a flush). */
    public static VisitorSketch decode(byte[] stored) {
        VisitorSketch sketch = new VisitorSketch();
        if (stored == null || stored.length == 0) {
            return sketch;
        }
        ByteBuffer in = ByteBuffer.wrap(stored, 1, stored.length - 1);
        if (stored[0] == DENSE && in.remaining() == 1 << P) {
            byte[] state = new byte[1 << P];
            in.get(state);
            sketch.dense = UltraLogLog.wrap(state);
            sketch.tokens = null;
        } else if (stored[0] == TOKENS) {
            while (in.remaining() >= 4) {
                sketch.addToken(in.getInt());
            }
        }
        return sketch;
    }
}
