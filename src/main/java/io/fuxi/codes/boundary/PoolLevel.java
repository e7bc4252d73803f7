package io.fuxi.codes.boundary;

/**
 * The unused part of the pool as a block reservation left it, or found it when it was empty: sent after every
 * reservation, so that the top-up starts before the pool runs dry.
 */
public record PoolLevel(long remaining) {}
