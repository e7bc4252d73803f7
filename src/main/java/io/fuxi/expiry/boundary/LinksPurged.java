package io.fuxi.expiry.boundary;

import java.util.List;

/** Links that a purge has just deleted (committed), so that caches drop them. */
public record LinksPurged(List<String> codes) {
}
