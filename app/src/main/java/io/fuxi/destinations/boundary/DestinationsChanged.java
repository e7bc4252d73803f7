package io.fuxi.destinations.boundary;

/** Sent when the rules or the mode change; the in-memory rules reload once the change is committed. */
public record DestinationsChanged() {}
