package io.fuxi.redirect.control;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Keeps a node's link cache within its bound by the CLOCK policy (second chance): the cached codes sit in a ring in the
 * order they came in, a hit {@linkplain CachedLink#markUsed marks its link as used}, and a code that needs a place
 * when the ring is full takes the first one the hand reaches whose link is gone (changed, deleted, expired) or was not
 * used since the hand last passed it; the marks it passes on the way it takes away. A new link therefore stays until the
 * hand has been round the whole cache, and a link that keeps being followed stays as long as it is. ADR 39 says why
 * not Infinispan's own bound, which turned away most new links once the cache was full.
 *
 * <p>One lock guards the ring: only codes coming into the cache take it (creates and misses), never a hit.
 */
final class ClockEviction {

    private static final int FIRST_RING_SIZE = 1024;

    /** This node's entries, by code key; a removal through it leaves the other nodes alone. */
    private final Map<Object, byte[]> entries;

    private final int capacity;
    private final LongAdder evictions = new LongAdder();
    /** Grows to {@link #capacity} as codes come in, so that a large bound costs nothing until it is used. */
    private Object[] ring;

    private int filled;
    private int hand;

    ClockEviction(Map<Object, byte[]> entries, long capacity) {
        if (capacity < 1 || capacity > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(
                    "fuxi.cache.max-links must be between 1 and " + (Integer.MAX_VALUE - 8) + ", not " + capacity);
        }
        this.entries = entries;
        this.capacity = (int) capacity;
        this.ring = new Object[Math.min(this.capacity, FIRST_RING_SIZE)];
    }

    /** Finds a place for a code about to be cached: lets another link go when the ring is full. */
    synchronized void admit(Object key) {
        if (filled < capacity) {
            if (filled == ring.length) {
                ring = Arrays.copyOf(ring, (int) Math.min(capacity, 2L * ring.length));
            }
            ring[filled++] = key;
            return;
        }
        while (true) {
            Object held = ring[hand];
            byte[] packed = entries.get(held);
            if (packed == null || !CachedLink.clearUsed(packed)) {
                if (packed != null && entries.remove(held, packed)) {
                    evictions.increment();
                }
                ring[hand] = key;
                hand = (hand + 1) % capacity;
                return;
            }
            hand = (hand + 1) % capacity;
        }
    }

    /** Links let go to make room, since the start. */
    long evictions() {
        return evictions.sum();
    }
}
