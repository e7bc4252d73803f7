package io.fuxi.clicks.boundary;

/**
 * The click flush of this node, as of its last run.
 *
 * @param lastCompleteMillis when a flush last wrote everything it had (the start, before the first)
 * @param lastDurationMillis how long the last flush took
 * @param flushedClicks      clicks written since the start
 * @param failedFlushes      flushes that left clicks unwritten since the start
 */
public record FlushStatus(
        long intervalMillis,
        long lastCompleteMillis,
        long lastDurationMillis,
        long flushedClicks,
        long failedFlushes,
        ClickCounts counts) {

    /** How many intervals a flush may fall behind before the node says so. */
    static final int TOLERATED_INTERVALS = 3;

    static FlushStatus startedAt(long nowMillis, long intervalMillis) {
        return new FlushStatus(intervalMillis, nowMillis, 0, 0, 0, new ClickCounts(0, 0, 0));
    }

    FlushStatus after(long startedMillis, long endedMillis, long written, boolean complete, ClickCounts now) {
        return new FlushStatus(
                intervalMillis,
                complete ? endedMillis : lastCompleteMillis,
                endedMillis - startedMillis,
                flushedClicks + written,
                failedFlushes + (complete ? 0 : 1),
                now);
    }

    public int pendingLinkDays() {
        return counts.pendingLinkDays();
    }

    /** True when no flush has written everything for more than a few intervals. */
    public boolean isBehind(long nowMillis) {
        return nowMillis - lastCompleteMillis > TOLERATED_INTERVALS * intervalMillis;
    }
}
