package io.fuxi.security.boundary;

/**
 * Sent when a key's revocation, or a change of what it may do, has committed: every node forgets the keys it remembers
 * (see {@link KeyCache}).
 */
public record KeyRevoked(long id) {}
