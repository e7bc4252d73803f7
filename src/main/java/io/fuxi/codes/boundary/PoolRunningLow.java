package io.fuxi.codes.boundary;

/** Sent after every block reservation with what is left, so the top-up can start before the pool runs dry. */
public record PoolRunningLow(long remaining) {
}
