package io.fuxi.redirect.control;

import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.StampedLock;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * A node's cached links, packed into a few large arrays instead of objects, so that the garbage collector has nothing
 * to trace or copy for them however many there are (ADR 39). The codes are spread over segments; each has an
 * open-addressing index of the codes' 64-bit hashes and a circular log that holds each link's bytes (its code, when it
 * was cached, and the link {@linkplain CachedLink#packed() packed}).
 *
 * <p>A full segment makes room at the log's tail, its oldest entry: a link followed since it was written (or since the
 * tail last passed it) is written again at the head and loses its mark, any other goes. That is the CLOCK policy (second
 * chance) over the log: a new link stays until the segment has taken in as many bytes of links as it holds, and a link
 * that keeps being followed stays as long as it is. A link also goes once it has been cached for the lifespan, or up to
 * a fifth of it sooner: links cached together do not all go together.
 *
 * <p>Hits take no lock and write nothing but a link's mark, a byte: they read under a segment's optimistic stamp and
 * read again under its read lock when a write came in between. Writes (new links, misses read from the database,
 * removals) take the segment's write lock.
 */
final class LinkTable {

    private static final int SEGMENTS = 16;
    private static final int FIRST_INDEX_SLOTS = 1024;
    private static final int FIRST_LOG_BYTES = 64 * 1024;

    /** An entry: the code's hash (0: padding to the log's end), its size, when it was cached, then code and link. */
    private static final int HASH_AT = 0;

    private static final int SIZE_AT = 8;
    private static final int CACHED_AT = 12;
    private static final int CODE_LENGTH_AT = 16;
    private static final int CODE_AT = 17;
    private static final int MAX_CODE_BYTES = 255;

    private final Segment[] segments = new Segment[SEGMENTS];
    private final LongAdder evictions = new LongAdder();
    private final LongSupplier clockMillis;
    private final long lifespanSeconds;
    private final long startMillis;

    /**
     * @param maxLinks  links held at most
     * @param maxBytes  bytes of links held at most (their codes' and URLs' included), with room for the longest link
     * @param lifespanMillis how long a link stays cached at most
     */
    LinkTable(long maxLinks, long maxBytes, long lifespanMillis, LongSupplier clockMillis) {
        if (maxLinks < 1 || maxLinks > (long) SEGMENTS << 28) {
            throw new IllegalArgumentException(
                    "fuxi.cache.max-links must be between 1 and " + ((long) SEGMENTS << 28) + ", not " + maxLinks);
        }
        this.clockMillis = clockMillis;
        this.lifespanSeconds = Math.max(1, lifespanMillis / 1000);
        this.startMillis = clockMillis.getAsLong();
        int linksPerSegment = (int) Math.max(1, (maxLinks + SEGMENTS - 1) / SEGMENTS);
        int bytesPerSegment = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(maxBytes / SEGMENTS, 4 * maxEntryBytes()));
        for (int i = 0; i < SEGMENTS; i++) {
            segments[i] = new Segment(linksPerSegment, bytesPerSegment);
        }
    }

    /** The longest entry: the longest code and the longest URL and fallback URL a link may have, packed. */
    private static int maxEntryBytes() {
        return CODE_AT + MAX_CODE_BYTES + CachedLink.maxPackedBytes(8 * 1024);
    }

    /** The link cached for this code, or null: none, or cached longer ago than its lifespan. */
    CachedLink get(String code) {
        if (!isCacheable(code)) {
            return null;
        }
        long hash = hash(code);
        return segment(hash).get(code, hash, nowSeconds() - lifespanSeconds);
    }

    /** Caches a link for this code, in place of the one cached for it before. */
    void put(String code, byte[] packed) {
        putIf(code, packed, () -> true);
    }

    /** Caches a link if {@code wanted}, asked under the segment's write lock, says so still. */
    void putIf(String code, byte[] packed, BooleanSupplier wanted) {
        if (!isCacheable(code) || CODE_AT + code.length() + packed.length > maxEntryBytes()) {
            return; // not cached: every redirect reads it from the database
        }
        long hash = hash(code);
        int now = (int) nowSeconds();
        segment(hash).put(hash, code, packed, wanted, now, now - soonerBy(hash));
    }

    /**
     * How many seconds before the lifespan runs out this code's entry goes: up to a fifth of the lifespan, by the
     * code's hash. Without it, links cached in the same second (a bulk create, the misses after a start) all expired in
     * the same second, their redirects all read the database at once, and the entries read in that burst would expire
     * together again a lifespan later (ADR 54).
     */
    private int soonerBy(long hash) {
        return (int) Long.remainderUnsigned(hash, lifespanSeconds / 5 + 1);
    }

    void remove(String code) {
        if (!isCacheable(code)) {
            return;
        }
        long hash = hash(code);
        segment(hash).remove(code, hash);
    }

    /** Links held now: counts the segments keep, not a walk. */
    int size() {
        int size = 0;
        for (Segment segment : segments) {
            size += segment.count;
        }
        return size;
    }

    /** Links let go to make room, since the start. */
    long evictions() {
        return evictions.sum();
    }

    /**
     * Codes of ASCII characters, as every code and alias is, up to {@value #MAX_CODE_BYTES}: stored a byte a character,
     * so that a hit compares the request's code with the stored one without encoding it.
     */
    private static boolean isCacheable(String code) {
        if (code.length() > MAX_CODE_BYTES) {
            return false;
        }
        for (int i = 0; i < code.length(); i++) {
            if (code.charAt(i) > 0x7F) {
                return false;
            }
        }
        return true;
    }

    private Segment segment(long hash) {
        return segments[(int) (hash >>> 60) & (SEGMENTS - 1)];
    }

    private long nowSeconds() {
        return (clockMillis.getAsLong() - startMillis) / 1000;
    }

    /** FNV-1a over the code's characters, mixed (MurmurHash3's finalizer); never 0, which marks an empty slot. */
    static long hash(String code) {
        long hash = 0xcbf29ce484222325L;
        for (int i = 0; i < code.length(); i++) {
            hash = (hash ^ code.charAt(i)) * 0x100000001b3L;
        }
        hash ^= hash >>> 33;
        hash *= 0xff51afd7ed558ccdL;
        hash ^= hash >>> 33;
        hash *= 0xc4ceb9fe1a85ec53L;
        hash ^= hash >>> 33;
        return hash == 0 ? 1 : hash;
    }

    private final class Segment {

        private final StampedLock lock = new StampedLock();
        private final int maxLinks;
        private final int maxIndexSlots;
        private final int maxLogBytes;

        /** The index: a code's hash (0: empty), where its entry starts in the log, and whether it was followed. */
        private long[] hashes = new long[FIRST_INDEX_SLOTS];

        private int[] positions = new int[FIRST_INDEX_SLOTS];
        private byte[] used = new byte[FIRST_INDEX_SLOTS];
        private byte[] log;
        /** Where the next entry goes and where the oldest starts, as bytes written since the start. */
        private long head;

        private long tail;
        private volatile int count;

        Segment(int maxLinks, int maxLogBytes) {
            this.maxLinks = maxLinks;
            this.maxIndexSlots = Math.max(FIRST_INDEX_SLOTS, Integer.highestOneBit(maxLinks) << 2);
            this.maxLogBytes = maxLogBytes;
            this.log = new byte[Math.min(maxLogBytes, FIRST_LOG_BYTES)];
        }

        CachedLink get(String code, long hash, long cachedSince) {
            long stamp = lock.tryOptimisticRead();
            if (stamp != 0) {
                try {
                    CachedLink link = find(code, hash, cachedSince);
                    if (lock.validate(stamp)) {
                        return link;
                    }
                } catch (RuntimeException torn) {
                    // read while a write moved things: read again under the lock
                }
            }
            stamp = lock.readLock();
            try {
                return find(code, hash, cachedSince);
            } finally {
                lock.unlockRead(stamp);
            }
        }

        /** Reads only fields it holds in locals, so that a racing write makes at worst an answer the stamp refuses. */
        private CachedLink find(String code, long hash, long cachedSince) {
            long[] hashes = this.hashes;
            int[] positions = this.positions;
            byte[] log = this.log;
            int mask = hashes.length - 1;
            for (int slot = home(hash, mask); hashes[slot] != 0; slot = (slot + 1) & mask) {
                if (hashes[slot] == hash) {
                    int at = positions[slot];
                    if (sameCode(log, at, code)) {
                        if (readInt(log, at + CACHED_AT) < cachedSince) {
                            return null;
                        }
                        int linkAt = at + CODE_AT + (log[at + CODE_LENGTH_AT] & 0xFF);
                        CachedLink link = CachedLink.unpacked(log, linkAt, at + readInt(log, at + SIZE_AT) - linkAt);
                        byte[] used = this.used;
                        if (used.length == hashes.length && used[slot] == 0) {
                            used[slot] = 1;
                        }
                        return link;
                    }
                }
            }
            return null;
        }

        /** Writes the entry as cached at {@code cachedAt}, which may be before {@code nowSeconds} (see soonerBy). */
        void put(long hash, String code, byte[] packed, BooleanSupplier wanted, int nowSeconds, int cachedAt) {
            long stamp = lock.writeLock();
            try {
                if (!wanted.getAsBoolean()) {
                    return;
                }
                if (slotOf(hash, code) < 0) {
                    while (count >= maxLinks && head > tail) {
                        makeRoom(nowSeconds);
                    }
                }
                int size = CODE_AT + code.length() + packed.length;
                int at = reserve(size, nowSeconds);
                writeLong(log, at + HASH_AT, hash);
                writeInt(log, at + SIZE_AT, size);
                writeInt(log, at + CACHED_AT, cachedAt);
                log[at + CODE_LENGTH_AT] = (byte) code.length();
                for (int i = 0; i < code.length(); i++) {
                    log[at + CODE_AT + i] = (byte) code.charAt(i); // ASCII (isCacheable)
                }
                System.arraycopy(packed, 0, log, at + CODE_AT + code.length(), packed.length);
                int slot = slotOf(hash, code); // the code's earlier entry, if making room left it
                if (slot < 0) {
                    growIndexIfNeeded();
                    slot = emptySlot(hash);
                    hashes[slot] = hash;
                    count++;
                }
                positions[slot] = at;
                used[slot] = 0;
            } finally {
                lock.unlockWrite(stamp);
            }
        }

        void remove(String code, long hash) {
            long stamp = lock.writeLock();
            try {
                int slot = slotOf(hash, code);
                if (slot >= 0) {
                    deleteAt(slot);
                }
            } finally {
                lock.unlockWrite(stamp);
            }
        }

        /** Where an entry of this size starts: the log grows while it may, then its oldest entries make room. */
        private int reserve(int size, int nowSeconds) {
            while (true) {
                int end = (int) (head % log.length);
                int needed = log.length - end < size ? log.length - end + size : size;
                if (log.length - (head - tail) >= needed) {
                    if (needed > size) { // pad to the log's end: the entry starts at its beginning
                        if (log.length - end >= CODE_AT) {
                            writeLong(log, end + HASH_AT, 0);
                            writeInt(log, end + SIZE_AT, log.length - end);
                        }
                        head += log.length - end;
                        end = 0;
                    }
                    head += size;
                    return end;
                }
                if (log.length < maxLogBytes) {
                    growLog();
                } else {
                    makeRoom(nowSeconds);
                }
            }
        }

        /** Doubles the log, up to its bound: its entries are copied from the oldest on, without the bytes no link holds. */
        private void growLog() {
            byte[] grown = new byte[(int) Math.min(maxLogBytes, 2L * log.length)];
            int written = 0;
            for (long next = tail; next < head; ) {
                int at = (int) (next % log.length);
                int size = bytesAt(at);
                int slot = liveSlotAt(at);
                if (slot >= 0) {
                    System.arraycopy(log, at, grown, written, size);
                    positions[slot] = written;
                    written += size;
                }
                next += size;
            }
            log = grown;
            tail = 0;
            head = written;
        }

        /**
         * Takes the log's oldest entry away: written again at the head when it was followed since it was written there
         * and its lifespan has not run out, let go otherwise (and when there is no room at the head without a wrap).
         */
        private void makeRoom(int nowSeconds) {
            int at = (int) (tail % log.length);
            int size = bytesAt(at);
            int slot = liveSlotAt(at);
            tail += size;
            if (slot < 0) {
                return; // padding, or a link removed or cached again since: its bytes are free
            }
            int end = (int) (head % log.length);
            boolean expired = readInt(log, at + CACHED_AT) <= nowSeconds - lifespanSeconds;
            if (used[slot] != 0 && !expired && log.length - end >= size) {
                used[slot] = 0;
                System.arraycopy(log, at, log, end, size);
                positions[slot] = end;
                head += size;
                return;
            }
            deleteAt(slot);
            if (!expired) {
                evictions.increment();
            }
        }

        /**
         * The bytes from this place in the log to the next entry: the entry's size, or what is left before the log's
         * end when that is too little for an entry (never written: the entry went to the log's start).
         */
        private int bytesAt(int at) {
            return log.length - at < CODE_AT ? log.length - at : readInt(log, at + SIZE_AT);
        }

        /** The slot of the entry at this place in the log, or -1: padding, or a link removed or cached again since. */
        private int liveSlotAt(int at) {
            if (log.length - at < CODE_AT) {
                return -1;
            }
            long hash = readLong(log, at + HASH_AT);
            return hash == 0 ? -1 : slotAt(hash, at);
        }

        private int slotOf(long hash, String code) {
            int mask = hashes.length - 1;
            for (int slot = home(hash, mask); hashes[slot] != 0; slot = (slot + 1) & mask) {
                if (hashes[slot] == hash && sameCode(log, positions[slot], code)) {
                    return slot;
                }
            }
            return -1;
        }

        /** The slot whose entry starts at this place in the log, or -1. */
        private int slotAt(long hash, int at) {
            int mask = hashes.length - 1;
            for (int slot = home(hash, mask); hashes[slot] != 0; slot = (slot + 1) & mask) {
                if (hashes[slot] == hash && positions[slot] == at) {
                    return slot;
                }
            }
            return -1;
        }

        private int emptySlot(long hash) {
            int mask = hashes.length - 1;
            int slot = home(hash, mask);
            while (hashes[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            return slot;
        }

        /** Doubles the index when it is half full, up to four slots a link. */
        private void growIndexIfNeeded() {
            if (2 * (count + 1) <= hashes.length || hashes.length >= maxIndexSlots) {
                return;
            }
            long[] oldHashes = hashes;
            int[] oldPositions = positions;
            byte[] oldUsed = used;
            hashes = new long[2 * oldHashes.length];
            positions = new int[hashes.length];
            used = new byte[hashes.length];
            for (int i = 0; i < oldHashes.length; i++) {
                if (oldHashes[i] != 0) {
                    int slot = emptySlot(oldHashes[i]);
                    hashes[slot] = oldHashes[i];
                    positions[slot] = oldPositions[i];
                    used[slot] = oldUsed[i];
                }
            }
        }

        /** Empties a slot and moves the entries after it back, so that every probe still finds its entry. */
        private void deleteAt(int slot) {
            int mask = hashes.length - 1;
            int gap = slot;
            for (int next = (gap + 1) & mask; hashes[next] != 0; next = (next + 1) & mask) {
                int home = home(hashes[next], mask);
                boolean staysAfterGap = gap <= next ? gap < home && home <= next : gap < home || home <= next;
                if (!staysAfterGap) {
                    hashes[gap] = hashes[next];
                    positions[gap] = positions[next];
                    used[gap] = used[next];
                    gap = next;
                }
            }
            hashes[gap] = 0;
            used[gap] = 0;
            count--;
        }

        private boolean sameCode(byte[] log, int at, String code) {
            int length = log[at + CODE_LENGTH_AT] & 0xFF;
            if (length != code.length()) {
                return false;
            }
            for (int i = 0; i < length; i++) {
                if (log[at + CODE_AT + i] != (byte) code.charAt(i)) {
                    return false;
                }
            }
            return true;
        }
    }

    private static int home(long hash, int mask) {
        return (int) hash & mask;
    }

    private static long readLong(byte[] bytes, int at) {
        return (readInt(bytes, at) & 0xFFFFFFFFL) | (long) readInt(bytes, at + 4) << 32;
    }

    private static int readInt(byte[] bytes, int at) {
        return (bytes[at] & 0xFF) | (bytes[at + 1] & 0xFF) << 8 | (bytes[at + 2] & 0xFF) << 16 | bytes[at + 3] << 24;
    }

    private static void writeLong(byte[] bytes, int at, long value) {
        writeInt(bytes, at, (int) value);
        writeInt(bytes, at + 4, (int) (value >>> 32));
    }

    private static void writeInt(byte[] bytes, int at, int value) {
        bytes[at] = (byte) value;
        bytes[at + 1] = (byte) (value >>> 8);
        bytes[at + 2] = (byte) (value >>> 16);
        bytes[at + 3] = (byte) (value >>> 24);
    }
}
