package io.fuxi.redirect.control;

import java.io.Serializable;

/** What a redirect needs of a link, and nothing more: where to send the browser and until when. */
public record CachedLink(String location, long expiresAtMillis) implements Serializable {

    public boolean isExpiredAt(long nowMillis) {
        return nowMillis >= expiresAtMillis;
    }
}
