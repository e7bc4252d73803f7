package io.fuxi.security.boundary;

/** Sent when a key's revocation has committed: every node forgets the keys it remembers (see {@link KeyCache}). */
public record KeyRevoked(long id) {}
