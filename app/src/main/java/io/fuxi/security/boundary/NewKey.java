package io.fuxi.security.boundary;

/** A key just made: its record, and its secret, which is shown this once and kept only as a hash. */
public record NewKey(KeyView key, String secret) {}
