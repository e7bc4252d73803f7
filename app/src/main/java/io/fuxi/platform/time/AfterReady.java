package io.fuxi.platform.time;

/**
 * When a first start does the work it need not do before it takes requests: the console's first account (ADR 46) and
 * the rest of the initial code batch (ADR 49). A start is bound by the CPU, and on the benchmark's two cores a first
 * start still has work left after its start-up beans; this delay is longer than that work took (ADR 46), so work
 * scheduled this long after them runs after ready there. Each such job also runs at once when a request needs it.
 */
public final class AfterReady {

    /** Seconds from a start-up bean to its deferred work. */
    public static final long SECONDS = 5;

    private AfterReady() {}
}
