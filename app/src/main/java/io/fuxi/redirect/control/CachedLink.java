package io.fuxi.redirect.control;

import java.nio.charset.StandardCharsets;

/**
 * What a redirect needs of a link, and nothing more: where to send the browser, with which status, until when,
 * whether it is switched on, and whether the short URL's query string goes on to the target. The destination rules
 * read the host from the location when there are rules: a cached link does not carry it (bench/memory.sh).
 *
 * <p>The link cache holds it {@linkplain #packed() packed} into bytes (the expiry, the status, the two switches, then
 * the location's bytes) in its table's log (ADR 39), where the record and the location's string took 72 bytes and the
 * location's; a redirect unpacks it again, into a short-lived copy.
 */
public record CachedLink(String location, int status, long expiresAtMillis, boolean enabled, boolean forwardQuery) {

    private static final int STATUS_AT = Long.BYTES;
    private static final int SWITCHES_AT = STATUS_AT + Short.BYTES;
    private static final int LOCATION_AT = SWITCHES_AT + 1;
    private static final int ENABLED = 1;
    private static final int FORWARDS_QUERY = 2;

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

    /** The bytes of a packed link whose location takes this many bytes. */
    static int packedBytes(int locationBytes) {
        return LOCATION_AT + locationBytes;
    }

    static CachedLink unpacked(byte[] packed) {
        return unpacked(packed, 0, packed.length);
    }

    /** The link packed into {@code length} bytes of an array from {@code offset} (the link cache's log, ADR 39). */
    static CachedLink unpacked(byte[] bytes, int offset, int length) {
        long expiresAtMillis = 0;
        for (int i = 0; i < Long.BYTES; i++) {
            expiresAtMillis |= (bytes[offset + i] & 0xFFL) << (8 * i);
        }
        int status = (bytes[offset + STATUS_AT] & 0xFF) | (bytes[offset + STATUS_AT + 1] & 0xFF) << 8;
        int switches = bytes[offset + SWITCHES_AT];
        return new CachedLink(
                new String(bytes, offset + LOCATION_AT, length - LOCATION_AT, StandardCharsets.UTF_8),
                status,
                expiresAtMillis,
                (switches & ENABLED) != 0,
                (switches & FORWARDS_QUERY) != 0);
    }
}
