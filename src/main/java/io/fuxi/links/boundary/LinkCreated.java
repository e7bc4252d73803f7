package io.fuxi.links.boundary;

import java.time.Instant;

/** Sent when a link's creation has committed: caches learn of it, and forget that its code was unknown. */
public record LinkCreated(String code, String url, Instant expiresAt) {
}
