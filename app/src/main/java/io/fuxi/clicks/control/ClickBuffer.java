package io.fuxi.clicks.control;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.LongAdder;

/**
 * Where redirects drop their clicks: a few stripes, each a chunk behind its own lock, so request threads rarely meet
 * and never all wait for one lock. A full chunk goes to a bounded queue for the aggregator and its stripe starts a
 * new one; when the queue is full (the aggregator is that far behind) the clicks of the full chunk are dropped and
 * counted.
 */
public final class ClickBuffer {

    static final int CHUNK_SIZE = 1024;

    private final Stripe[] stripes;
    private final int mask;
    private final BlockingQueue<ClickChunk> full;
    private final LongAdder dropped = new LongAdder();

    /** @param maxQueuedChunks full chunks that may wait for the aggregator */
    public ClickBuffer(int stripes, int maxQueuedChunks) {
        int count = Integer.highestOneBit(Math.max(1, stripes - 1)) << 1;
        this.stripes = new Stripe[count];
        for (int i = 0; i < count; i++) {
            this.stripes[i] = new Stripe();
        }
        this.mask = count - 1;
        this.full = new ArrayBlockingQueue<>(Math.max(1, maxQueuedChunks));
    }

    public void add(String code, int hour, String userAgent, String referer, String address, String forwarded) {
        @SuppressWarnings("deprecation") // Thread.threadId() is Java 19
        long thread = Thread.currentThread().getId();
        Stripe stripe = stripes[(int) (thread * 0x9E3779B97F4A7C15L >>> 40) & mask];
        ClickChunk filled = stripe.add(code, hour, userAgent, referer, address, forwarded);
        if (filled != null && !full.offer(filled)) {
            dropped.add(filled.size());
        }
    }

    /** The next full chunk, once there is one. */
    public ClickChunk takeFull() throws InterruptedException {
        return full.take();
    }

    /** Every click not yet taken: the full chunks first, then what each stripe holds. */
    public List<ClickChunk> takeAll() {
        List<ClickChunk> taken = new ArrayList<>();
        full.drainTo(taken);
        for (Stripe stripe : stripes) {
            ClickChunk partial = stripe.take();
            if (partial != null) {
                taken.add(partial);
            }
        }
        return taken;
    }

    /** Clicks dropped because the aggregator fell behind. */
    public long dropped() {
        return dropped.sum();
    }

    private static final class Stripe {
        private ClickChunk chunk = new ClickChunk(CHUNK_SIZE);

        synchronized ClickChunk add(
                String code, int hour, String userAgent, String referer, String address, String forwarded) {
            if (!chunk.add(code, hour, userAgent, referer, address, forwarded)) {
                return null;
            }
            ClickChunk filled = chunk;
            chunk = new ClickChunk(CHUNK_SIZE);
            return filled;
        }

        /** The stripe's clicks, or null when it has none. */
        synchronized ClickChunk take() {
            if (chunk.size() == 0) {
                return null;
            }
            ClickChunk taken = chunk;
            chunk = new ClickChunk(CHUNK_SIZE);
            return taken;
        }
    }
}
