package io.fuxi.redirect.control;

import java.io.Serializable;

/**
 * What a redirect needs of a link, and nothing more: where to send the browser, with which status, until when,
 * whether it is switched on, and whether the short URL's query string goes on to the target. The destination rules
 * read the host from the location when there are rules: a cached link does not carry it (bench/memory.sh).
 */
public record CachedLink(String location, int status, long expiresAtMillis, boolean enabled, boolean forwardQuery)
        implements Serializable {

    public boolean isExpiredAt(long nowMillis) {
        return nowMillis >= expiresAtMillis;
    }

    /** Where a request with this query string goes. */
    public String locationFor(String query) {
        return forwardQuery ? QueryForwarding.apply(location, query) : location;
    }
}
