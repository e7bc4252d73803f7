package io.fuxi.links.boundary;

import java.util.List;

/** Expired links that the purge has just deleted (committed), so that caches drop them. */
public record LinksPurged(List<String> codes) {}
