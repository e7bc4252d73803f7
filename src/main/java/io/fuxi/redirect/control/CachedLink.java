package io.fuxi.redirect.control;

import java.nio.charset.StandardCharsets;

/**
 * What a redirect needs of a link, and nothing more: where to send the browser, with which status, until when,
 * whether it is switched on, and whether the short URL's query string goes on to the target. The destination rules
 * read the host from the location when there are rules: a cached link does not carry it (bench/memory.sh).
 *
 * <p>The link cache holds it {@linkplain #packed() packed} into one byte array (the expiry, the status, the two
 * switches, then the location's bytes): with the wrapper Infinispan puts around an array, 51 bytes and the location's,
 * where the record and the location's string took 72 and the location's. A redirect unpacks it again, into a
 * short-lived copy. A third switch says whether the link was used since the cache's eviction last looked at it
 * ({@link ClockEviction}); it is no part of the link.
 */
public record CachedLink(String location, int status, long expiresAtMillis, boolean enabled, boolean forwardQuery) {

    private static final int STATUS_AT = Long.BYTES;
    private static final int SWITCHES_AT = STATUS_AT + Short.BYTES;
    private static final int LOCATION_AT = SWITCHES_AT + 1;
    private static final int ENABLED = 1;
    private static final int FORWARDS_QUERY = 2;
    private static final int USED = 4;

    public boolean isExpiredAt(long nowMillis) {
        return nowMillis >= expiresAtMillis;
    }

    /** Where a request with this query string goes. */
    public String locationFor(String query) {
        return forwardQuery ? QueryForwarding.apply(location, query) : location;
    }

    /** This link as the cache holds it; never empty. */
    byte[] packed() {
        byte[] url = location.getBytes(StandardCharsets.UTF_8);
        byte[] packed = new byte[LOCATION_AT + url.length];
        for (int i = 0; i < Long.BYTES; i++) {
            packed[i] = (byte) (expiresAtMillis >>> (8 * i));
        }
        packed[STATUS_AT] = (byte) status;
        packed[STATUS_AT + 1] = (byte) (status >>> 8);
        packed[SWITCHES_AT] = (byte) ((enabled ? ENABLED : 0) | (forwardQuery ? FORWARDS_QUERY : 0));
        System.arraycopy(url, 0, packed, LOCATION_AT, url.length);
        return packed;
    }

    /**
     * Marks a packed link as used: a store of a byte into it, none when it is marked already, so that the link's hits
     * neither write a reference that the garbage collector would have to track nor make two cores share a cache line.
     * Racing with {@link #clearUsed} loses a mark at worst.
     */
    static void markUsed(byte[] packed) {
        if (packed.length > SWITCHES_AT && (packed[SWITCHES_AT] & USED) == 0) {
            packed[SWITCHES_AT] |= USED;
        }
    }

    /** Whether the link was {@linkplain #markUsed marked as used}, and its mark taken away. False for an empty array. */
    static boolean clearUsed(byte[] packed) {
        if (packed.length <= SWITCHES_AT || (packed[SWITCHES_AT] & USED) == 0) {
            return false;
        }
        packed[SWITCHES_AT] &= ~USED;
        return true;
    }

    static CachedLink unpacked(byte[] packed) {
        long expiresAtMillis = 0;
        for (int i = 0; i < Long.BYTES; i++) {
            expiresAtMillis |= (packed[i] & 0xFFL) << (8 * i);
        }
        int status = (packed[STATUS_AT] & 0xFF) | (packed[STATUS_AT + 1] & 0xFF) << 8;
        int switches = packed[SWITCHES_AT];
        return new CachedLink(
                new String(packed, LOCATION_AT, packed.length - LOCATION_AT, StandardCharsets.UTF_8),
                status,
                expiresAtMillis,
                (switches & ENABLED) != 0,
                (switches & FORWARDS_QUERY) != 0);
    }
}
