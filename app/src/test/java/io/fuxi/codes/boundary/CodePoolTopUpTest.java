package io.fuxi.codes.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fuxi.codes.control.CodeBatchGenerator;
import io.fuxi.codes.control.PoolRows;
import io.fuxi.platform.time.AfterReady;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * When the rest of a first start's initial batch loads (ADR 49): after ready, or at once when a reservation finds the
 * pool low before then. The generator is a stand-in that keeps the pool's two figures; the database side of a batch
 * is CodeBatchGeneratorIT's and FirstStartTogetherIT's.
 */
class CodePoolTopUpTest {

    private final PoolOfFigures pool = new PoolOfFigures();
    private final List<Callable<?>> scheduled = new ArrayList<>();
    private final List<Long> scheduledSeconds = new ArrayList<>();
    private final CodePoolTopUp topUp = topUp(100_000);

    @Test
    void aFirstStartLoadsItsFirstCodesAndTheRestAfterReady() throws Exception {
        topUp.fillAtFirstStart();

        assertEquals(List.of("10000 below 1"), pool.batches, "the first 10,000 before ready, and nothing else yet");
        assertEquals(List.of(AfterReady.SECONDS), scheduledSeconds);
        assertTrue(topUp.isHealthy(), "ready while the rest waits, though the pool is under its low-water mark");

        scheduled.get(0).call();
        assertEquals(List.of("10000 below 1", "90000 below 10001"), pool.batches);
        assertEquals(100_000, pool.loaded);
        assertTrue(topUp.isHealthy());
    }

    @Test
    void aReservationBeforeThenStartsTheRestAtOnceAndOnlyOnce() throws Exception {
        topUp.fillAtFirstStart();
        pool.handedOut = 4_000;

        topUp.onReservation(new PoolLevel(pool.loaded, pool.handedOut));
        assertEquals(
                List.of("10000 below 1", "90000 below 10001"),
                pool.batches,
                "the rest of the initial batch, not a top-up of fuxi.codes.batch-size");

        scheduled.get(0).call();
        topUp.onReservation(new PoolLevel(pool.loaded, pool.handedOut));
        assertEquals(2, pool.batches.size(), "nothing more: the pool is above its low-water mark");
    }

    @Test
    void aRestThatLeavesThePoolLowIsFollowedByATopUp() throws Exception {
        CodePoolTopUp small = topUp(20_000);
        small.fillAtFirstStart();

        scheduled.get(0).call();
        assertEquals(
                List.of("10000 below 1", "10000 below 10001", "1000000 below 50000"),
                pool.batches,
                "20,000 codes are under the low-water mark: a top-up follows the rest without waiting for a request");
        assertTrue(small.isHealthy());
    }

    @Test
    void theRestWaitsWhileAnAdminsBatchLoadsAndIsThenLeftOutIfThePoolHasMore() throws Exception {
        CodePoolTopUp slow = topUp(100_000);
        slow.executor = executor(deferred::add);
        slow.fillAtFirstStart();
        slow.addBatch(5_000L); // loading: its task has not run yet

        scheduled.get(0).call(); // the rest's turn comes while the admin's batch loads
        assertEquals(List.of("10000 below 1"), pool.batches, "one batch at a time on a node");
        assertTrue(slow.isHealthy());

        runDeferred();
        assertEquals(List.of("10000 below 1", "5000 below " + Long.MAX_VALUE), pool.batches);
        slow.checkEveryMinute(); // the rest tries again, with the pool now above its first 10,000 codes
        runDeferred();
        assertEquals(
                List.of("10000 below 1", "5000 below " + Long.MAX_VALUE, "90000 below 10001"),
                pool.batches,
                "asked for, and the generator loads it only while the pool holds no more than 10,000 codes");
        assertEquals(15_000, pool.loaded);
    }

    @Test
    void aRestartSchedulesNothing() {
        pool.loaded = 100_000;
        pool.handedOut = 70_000;

        topUp.fillAtFirstStart();

        assertEquals(List.of(), scheduled);
        assertEquals(List.of("10000 below 1"), pool.batches, "asked, and loads nothing on a pool that has codes");
        assertEquals(100_000, pool.loaded);
    }

    private CodePoolTopUp topUp(long initialBatchSize) {
        CodePoolTopUp made = new CodePoolTopUp();
        made.generator = pool;
        made.executor = executor(Runnable::run);
        made.scheduler = (ManagedScheduledExecutorService) Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {ManagedScheduledExecutorService.class},
                (proxy, method, args) -> {
                    if (!method.getName().equals("schedule") || !(args[0] instanceof Callable<?> task)) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    scheduled.add(task);
                    scheduledSeconds.add(((TimeUnit) args[2]).toSeconds((Long) args[1]));
                    return null;
                });
        made.initialBatchSize = initialBatchSize;
        made.batchSize = 1_000_000;
        made.lowWaterMark = 50_000;
        return made;
    }

    private final List<Runnable> deferred = new ArrayList<>();

    /** An executor whose {@code execute} hands the task to {@code onExecute}; it has nothing else. */
    private ManagedExecutorService executor(Consumer<Runnable> onExecute) {
        return (ManagedExecutorService) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {ManagedExecutorService.class}, (proxy, method, args) -> {
                    if (!method.getName().equals("execute")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    onExecute.accept((Runnable) args[0]);
                    return null;
                });
    }

    private void runDeferred() {
        List<Runnable> tasks = List.copyOf(deferred);
        deferred.clear();
        tasks.forEach(Runnable::run);
    }

    /** The generator's contract on two figures: a batch loads only while the pool holds less than asked. */
    private static final class PoolOfFigures extends CodeBatchGenerator {
        final List<String> batches = new ArrayList<>();
        long loaded;
        long handedOut;

        @Override
        public boolean generate(long size, long whenRemainingBelow, int lockWaitSeconds) {
            batches.add(size + " below " + whenRemainingBelow);
            if (loaded - handedOut < whenRemainingBelow) {
                loaded += size;
            }
            return true;
        }

        @Override
        public PoolRows.Counts counts() {
            return new PoolRows.Counts(loaded, handedOut);
        }
    }
}
