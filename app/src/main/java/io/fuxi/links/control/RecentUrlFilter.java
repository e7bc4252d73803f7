package io.fuxi.links.control;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Which keys may have made a link for a URL within the same-URL window: a Bloom filter in generations (ADR 41). It
 * never answers "no" for a pair it was given less than a window ago, so a create it answers "no" for needs no query
 * for the same URL; a "maybe" for a pair it was not given (rare: see {@link #BITS_PER_PAIR}) costs that query.
 *
 * <p>Pairs go into the newest generation; a full one is followed by one twice its size (from {@value #FIRST_CAPACITY}
 * to {@value #LARGEST_CAPACITY} pairs, two bytes each) and a generation is dropped a window after the latest time one
 * of its pairs was made at, so memory follows the links made in the last window. Past {@code maxPairs} in all it takes no more pairs and answers
 * "maybe" to everything until a window has passed since the last pair it could not take. Until {@link #complete} says
 * it was given every pair of the last window (the links already in the database, at a start), it answers "maybe".
 */
public final class RecentUrlFilter {

    static final int FIRST_CAPACITY = 1 << 14;
    static final int LARGEST_CAPACITY = 1 << 22;
    /** Sixteen bits and eleven probes a pair: a full generation says "maybe" to about one pair in 2,000 not given. */
    private static final int BITS_PER_PAIR = 16;

    private static final int PROBES = 11;

    private final Duration window;
    private final long maxPairs;
    private final Deque<Generation> generations = new ArrayDeque<>();
    private boolean complete;
    private Instant blindUntil = Instant.MIN;

    public RecentUrlFilter(Duration window, long maxPairs) {
        this.window = window;
        this.maxPairs = maxPairs;
    }

    /** Whether the key may have made a link for the URL (its hash) in the window before {@code now}. */
    public synchronized boolean mayHave(long owner, byte[] urlHash, Instant now) {
        if (!complete || now.isBefore(blindUntil)) {
            return true;
        }
        dropOlderThan(now.minus(window));
        long first = firstHash(owner, urlHash);
        long step = stepHash(owner, urlHash);
        for (Generation generation : generations) {
            if (generation.mayHave(first, step)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Remembers that the key has a link for the URL, to be kept for a window after {@code madeAt}: the link's creation
     * or any later time. Older generations are dropped by {@link #mayHave} only, whose time cannot be in the future.
     */
    public synchronized void add(long owner, byte[] urlHash, Instant madeAt) {
        Generation newest = generations.peekLast();
        if (newest == null || newest.isFull()) {
            newest = nextGeneration(newest);
            if (newest == null) { // not taken: blind until it is out of the window
                Instant until = madeAt.plus(window);
                blindUntil = until.isAfter(blindUntil) ? until : blindUntil;
                return;
            }
            generations.addLast(newest);
        }
        newest.add(firstHash(owner, urlHash), stepHash(owner, urlHash), madeAt);
    }

    /** Every pair of the window is in: from now on a "no" is an answer. */
    public synchronized void complete() {
        complete = true;
    }

    /** How many pairs the live generations can hold: what the filter costs, at two bytes a pair. */
    public synchronized long capacity() {
        return generations.stream().mapToLong(generation -> generation.capacity).sum();
    }

    private Generation nextGeneration(Generation full) {
        int size = full == null ? FIRST_CAPACITY : Math.min(LARGEST_CAPACITY, full.capacity * 2);
        long room = maxPairs - capacity();
        if (room < FIRST_CAPACITY) {
            return null;
        }
        return new Generation((int) Math.min(size, room));
    }

    private void dropOlderThan(Instant windowStart) {
        while (!generations.isEmpty() && generations.peekFirst().lastAdded.isBefore(windowStart)) {
            generations.removeFirst();
        }
    }

    /** The pair's first bit: the URL hash (the start of a SHA-256) mixed with the key. */
    private static long firstHash(long owner, byte[] urlHash) {
        return longAt(urlHash, 0) ^ mix(owner);
    }

    /** The distance between the pair's bits: odd, so that in a generation of a power of two the probes are distinct. */
    private static long stepHash(long owner, byte[] urlHash) {
        return (longAt(urlHash, 8) ^ Long.rotateLeft(mix(owner), 29)) | 1;
    }

    private static long longAt(byte[] bytes, int offset) {
        long value = 0;
        for (int i = offset; i < offset + 8; i++) {
            value = value << 8 | (bytes[i] & 0xFF);
        }
        return value;
    }

    /** MurmurHash3's finaliser: every bit of the key moves every bit of the result. */
    private static long mix(long key) {
        long h = key;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        return h ^ h >>> 33;
    }

    private static final class Generation {

        final int capacity;
        final long[] bits;
        final long bitCount;
        int pairs;
        /** The latest time a pair of it was made at: it is dropped a window after. */
        Instant lastAdded = Instant.MIN;

        Generation(int capacity) {
            this.capacity = capacity;
            this.bits = new long[capacity * BITS_PER_PAIR / 64];
            this.bitCount = bits.length * 64L;
        }

        boolean isFull() {
            return pairs >= capacity;
        }

        void add(long first, long step, Instant madeAt) {
            for (int i = 0; i < PROBES; i++) {
                long bit = Math.floorMod(first + i * step, bitCount);
                bits[(int) (bit >>> 6)] |= 1L << bit;
            }
            pairs++;
            if (madeAt.isAfter(lastAdded)) {
                lastAdded = madeAt;
            }
        }

        boolean mayHave(long first, long step) {
            for (int i = 0; i < PROBES; i++) {
                long bit = Math.floorMod(first + i * step, bitCount);
                if ((bits[(int) (bit >>> 6)] & 1L << bit) == 0) {
                    return false;
                }
            }
            return true;
        }
    }
}
