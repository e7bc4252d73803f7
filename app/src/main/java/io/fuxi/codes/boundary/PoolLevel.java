package io.fuxi.codes.boundary;

/**
 * The pool as a block reservation left it, or found it when it was empty: sent after every reservation, so that the
 * top-up starts before the pool runs dry.
 *
 * @param loaded    codes loaded into the pool so far
 * @param handedOut codes reserved by nodes so far
 */
public record PoolLevel(long loaded, long handedOut) {

    /** The unused part of the pool. */
    public long remaining() {
        return Math.max(0, loaded - handedOut);
    }
}
