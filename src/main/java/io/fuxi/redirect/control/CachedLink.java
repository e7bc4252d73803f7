package io.fuxi.redirect.control;

import java.io.Serializable;

/**
 * What a redirect needs of a link, and nothing more: where to send the browser (and that place's host, for the
 * destination rules), with which status, until when, and whether it is switched on.
 */
public record CachedLink(String location, String host, int status, long expiresAtMillis, boolean enabled)
        implements Serializable {

    public boolean isExpiredAt(long nowMillis) {
        return nowMillis >= expiresAtMillis;
    }
}
