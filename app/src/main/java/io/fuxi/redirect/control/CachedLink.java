package io.fuxi.redirect.control;

import java.nio.charset.StandardCharsets;

/**
 * What a redirect needs of a link, and nothing more: where to send the browser, with which status, until when,
 * whether it is switched on, and whether the short URL's query string goes on to the target; for the few links that
 * have them, when it starts, whether its visits are limited (each visit then asks the database), where it sends
 * visitors when it does not answer, and the stamp of its password. The destination rules read the host from the location when there are rules: a
 * cached link does not carry it (bench/memory.sh).
 *
 * <p>The link cache holds it {@linkplain #packed() packed} into bytes (the expiry, the status, the switches, for a link
 * with extras its start, password stamp, domain and fallback URL, then the location's bytes) in its table's log (ADR 39), where the record and
 * the location's string took 72 bytes and the location's; a redirect unpacks it again, into a short-lived copy.
 *
 * @param validSinceMillis when it starts to redirect; 0: since its creation
 * @param limited whether a visit by a person must be admitted by the database (a visit limit)
 * @param fallback where it sends visitors when it does not answer; null: an error page
 * @param passwordStamp 0: no password; else it asks for one (see LinkView#passwordStamp)
 * @param domainId the domain it answers on; 0: the default domain
 */
public record CachedLink(
        String location,
        int status,
        long expiresAtMillis,
        boolean enabled,
        boolean forwardQuery,
        long validSinceMillis,
        boolean limited,
        String fallback,
        long passwordStamp,
        int domainId) {

    private static final int STATUS_AT = Long.BYTES;
    private static final int SWITCHES_AT = STATUS_AT + Short.BYTES;
    private static final int EXTRAS_AT = SWITCHES_AT + 1;
    private static final int STAMP_AT = EXTRAS_AT + Long.BYTES;
    private static final int DOMAIN_AT = STAMP_AT + Long.BYTES;
    private static final int FALLBACK_LENGTH_AT = DOMAIN_AT + Short.BYTES;
    private static final int FALLBACK_AT = FALLBACK_LENGTH_AT + Short.BYTES;
    private static final int ENABLED = 1;
    private static final int FORWARDS_QUERY = 2;
    private static final int EXTRAS = 4;
    private static final int LIMITED = 8;

    /** A link without a start, a limit, a fallback URL or a password: most links. */
    public CachedLink(String location, int status, long expiresAtMillis, boolean enabled, boolean forwardQuery) {
        this(location, status, expiresAtMillis, enabled, forwardQuery, 0, false, null, 0, 0);
    }

    public boolean asksForPassword() {
        return passwordStamp != 0;
    }

    public boolean isExpiredAt(long nowMillis) {
        return nowMillis >= expiresAtMillis;
    }

    public boolean isNotYetValidAt(long nowMillis) {
        return nowMillis < validSinceMillis;
    }

    /** Where a request with this query string goes. */
    public String locationFor(String query) {
        return forwardQuery ? QueryForwarding.apply(location, query) : location;
    }

    private boolean hasExtras() {
        return validSinceMillis != 0 || limited || fallback != null || passwordStamp != 0 || domainId != 0;
    }

    /** This link as the cache holds it; never empty. */
    byte[] packed() {
        byte[] url = location.getBytes(StandardCharsets.UTF_8);
        byte[] fallbackBytes = fallback == null ? new byte[0] : fallback.getBytes(StandardCharsets.UTF_8);
        int locationAt = hasExtras() ? FALLBACK_AT + fallbackBytes.length : EXTRAS_AT;
        byte[] packed = new byte[locationAt + url.length];
        putLong(packed, 0, expiresAtMillis);
        packed[STATUS_AT] = (byte) status;
        packed[STATUS_AT + 1] = (byte) (status >>> 8);
        packed[SWITCHES_AT] = (byte) ((enabled ? ENABLED : 0)
                | (forwardQuery ? FORWARDS_QUERY : 0)
                | (hasExtras() ? EXTRAS : 0)
                | (limited ? LIMITED : 0));
        if (hasExtras()) {
            putLong(packed, EXTRAS_AT, validSinceMillis);
            putLong(packed, STAMP_AT, passwordStamp);
            packed[DOMAIN_AT] = (byte) domainId;
            packed[DOMAIN_AT + 1] = (byte) (domainId >>> 8);
            int lengthAt = FALLBACK_LENGTH_AT;
            packed[lengthAt] = (byte) fallbackBytes.length;
            packed[lengthAt + 1] = (byte) (fallbackBytes.length >>> 8);
            System.arraycopy(fallbackBytes, 0, packed, FALLBACK_AT, fallbackBytes.length);
        }
        System.arraycopy(url, 0, packed, locationAt, url.length);
        return packed;
    }

    /** The most bytes a link packs into whose location and fallback URL take at most this many bytes each. */
    static int maxPackedBytes(int urlBytes) {
        return FALLBACK_AT + 2 * urlBytes;
    }

    static CachedLink unpacked(byte[] packed) {
        return unpacked(packed, 0, packed.length);
    }

    /** The link packed into {@code length} bytes of an array from {@code offset} (the link cache's log, ADR 39). */
    static CachedLink unpacked(byte[] bytes, int offset, int length) {
        long expiresAtMillis = getLong(bytes, offset);
        int status = (bytes[offset + STATUS_AT] & 0xFF) | (bytes[offset + STATUS_AT + 1] & 0xFF) << 8;
        int switches = bytes[offset + SWITCHES_AT];
        long validSinceMillis = 0;
        String fallback = null;
        long passwordStamp = 0;
        int domainId = 0;
        int locationAt = EXTRAS_AT;
        if ((switches & EXTRAS) != 0) {
            validSinceMillis = getLong(bytes, offset + EXTRAS_AT);
            passwordStamp = getLong(bytes, offset + STAMP_AT);
            domainId = (bytes[offset + DOMAIN_AT] & 0xFF) | (bytes[offset + DOMAIN_AT + 1] & 0xFF) << 8;
            int lengthAt = offset + FALLBACK_LENGTH_AT;
            int fallbackLength = (bytes[lengthAt] & 0xFF) | (bytes[lengthAt + 1] & 0xFF) << 8;
            fallback = fallbackLength == 0
                    ? null
                    : new String(bytes, offset + FALLBACK_AT, fallbackLength, StandardCharsets.UTF_8);
            locationAt = FALLBACK_AT + fallbackLength;
        }
        return new CachedLink(
                new String(bytes, offset + locationAt, length - locationAt, StandardCharsets.UTF_8),
                status,
                expiresAtMillis,
                (switches & ENABLED) != 0,
                (switches & FORWARDS_QUERY) != 0,
                validSinceMillis,
                (switches & LIMITED) != 0,
                fallback,
                passwordStamp,
                domainId);
    }

    private static void putLong(byte[] bytes, int at, long value) {
        for (int i = 0; i < Long.BYTES; i++) {
            bytes[at + i] = (byte) (value >>> (8 * i));
        }
    }

    private static long getLong(byte[] bytes, int at) {
        long value = 0;
        for (int i = 0; i < Long.BYTES; i++) {
            value |= (bytes[at + i] & 0xFFL) << (8 * i);
        }
        return value;
    }
}
