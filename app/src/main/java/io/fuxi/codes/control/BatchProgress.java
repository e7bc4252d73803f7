package io.fuxi.codes.control;

import io.fuxi.platform.terminal.Terminal;
import java.util.logging.Logger;

/** Logs how far a batch has got, about every ten seconds and at the end, with the rate. */
final class BatchProgress {

    private static final Logger LOG = Logger.getLogger(BatchProgress.class.getName());
    private static final long INTERVAL_NANOS = 10_000_000_000L;

    private final long batchId;
    private final long size;
    private final long startLoaded;
    private final long started = System.nanoTime();
    private long lastReport = started;

    BatchProgress(long batchId, long size, long startLoaded) {
        this.batchId = batchId;
        this.size = size;
        this.startLoaded = startLoaded;
        LOG.info(() -> Terminal.line(String.format(
                "Code batch %d: loading %,d codes%s",
                batchId, size, startLoaded > 0 ? String.format(" (resuming at %,d)", startLoaded) : "")));
    }

    void loaded(long loaded) {
        long now = System.nanoTime();
        if (now - lastReport >= INTERVAL_NANOS) {
            lastReport = now;
            LOG.info(() -> String.format(
                    "Code batch %d: %,d of %,d loaded (%.1f%%), %,.0f codes/s",
                    batchId, loaded, size, 100.0 * loaded / size, rate(loaded, now)));
        }
    }

    void finished() {
        long now = System.nanoTime();
        LOG.info(() -> Terminal.line(String.format(
                "Code batch %d: complete with %,d codes; this run loaded %,d in %.1f s, %,.0f codes/s",
                batchId, size, size - startLoaded, (now - started) / 1e9, rate(size, now))));
    }

    private double rate(long loaded, long now) {
        return (loaded - startLoaded) / Math.max((now - started) / 1e9, 1e-9);
    }
}
