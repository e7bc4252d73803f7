package io.fuxi.clicks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ClickBufferTest {

    @Test
    void aFullChunkWakesTheAggregatorWaitingForIt() throws Exception {
        ClickBuffer buffer = new ClickBuffer(1, 4);
        CompletableFuture<ClickChunk> taken = CompletableFuture.supplyAsync(() -> {
            try {
                return buffer.takeFull();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        addClicks(buffer, ClickBuffer.CHUNK_SIZE);
        assertEquals(ClickBuffer.CHUNK_SIZE, taken.get(10, TimeUnit.SECONDS).size());
        assertEquals(List.of(), buffer.takeAll());
    }

    @Test
    void chunksBeyondTheQueueAreDroppedAndCounted() {
        ClickBuffer buffer = new ClickBuffer(1, 2);
        addClicks(buffer, 3 * ClickBuffer.CHUNK_SIZE + 5);
        assertEquals(ClickBuffer.CHUNK_SIZE, buffer.dropped());
        List<ClickChunk> left = buffer.takeAll();
        assertEquals(
                List.of(ClickBuffer.CHUNK_SIZE, ClickBuffer.CHUNK_SIZE, 5),
                left.stream().map(ClickChunk::size).toList());
        assertEquals(List.of(), buffer.takeAll());
    }

    @Test
    void aStoppedAggregatorEndsItsWait() throws Exception {
        ClickBuffer buffer = new ClickBuffer(1, 1);
        Thread waiting = Thread.currentThread();
        Thread stopper = new Thread(() -> {
            sleepQuietly();
            waiting.interrupt();
        });
        stopper.start();
        assertThrows(InterruptedException.class, buffer::takeFull);
        stopper.join();
    }

    private static void addClicks(ClickBuffer buffer, int count) {
        for (int i = 0; i < count; i++) {
            buffer.add("abc123", 1, "Mozilla/5.0", null, "127.0.0.1", null);
        }
    }

    private static void sleepQuietly() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
