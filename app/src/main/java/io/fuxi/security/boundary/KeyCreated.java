package io.fuxi.security.boundary;

/** Sent when a new key has committed: every node reads the active keys again before it refuses a key as unknown. */
public record KeyCreated(long id) {}
