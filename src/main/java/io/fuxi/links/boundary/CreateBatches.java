package io.fuxi.links.boundary;

import io.fuxi.links.control.BulkConflictException;
import io.fuxi.platform.problem.ProblemException;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Group commit for single creates (ADR 14). A few writer threads each take every create waiting when they are free
 * and write them in one transaction: one multi-row insert per table and one commit (one flush of the redo log) for
 * all. Each caller is answered once the commit that holds its link is done, so a 201 is as durable as before. A
 * create that finds a writer free waits for nobody; under load the batches grow by themselves. A batch sunk by an
 * alias taken since it was looked up is written again create by create, so only that create fails.
 */
@ApplicationScoped
public class CreateBatches {

    /** How long a caller waits for its commit before answering 503: a safety net, the database pool fails sooner. */
    static final long WAIT_SECONDS = 30;

    @Resource
    ManagedThreadFactory threads;

    @Inject
    LinkWriter writer;

    @Inject
    @ConfigProperty(name = "fuxi.links.create-writers", defaultValue = "2")
    int writerCount;

    @Inject
    @ConfigProperty(name = "fuxi.links.create-batch-max", defaultValue = "200")
    int batchMax;

    private final BlockingQueue<Pending> waiting = new LinkedBlockingQueue<>();
    private final List<Thread> writers = new ArrayList<>();

    /** Writes the create together with whatever other creates are waiting; answers once it is committed. */
    public BulkResult create(CheckedCreate create) {
        startWriters();
        Pending pending = new Pending(create, new CompletableFuture<>());
        waiting.add(pending);
        try {
            return pending.done().get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException failed) {
            throw failed.getCause() instanceof RuntimeException cause ? cause : new IllegalStateException(failed);
        } catch (TimeoutException e) {
            throw new ProblemException(
                    503, "Service Unavailable", "The database did not confirm the link in time; it may still be made.");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the link was written", e);
        }
    }

    private synchronized void startWriters() {
        while (writers.size() < writerCount) {
            Thread thread = threads.newThread(this::writeUntilStopped);
            thread.setName("fuxi-create-writer-" + writers.size());
            thread.start();
            writers.add(thread);
        }
    }

    @PreDestroy
    synchronized void stop() {
        writers.forEach(Thread::interrupt);
    }

    private void writeUntilStopped() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                List<Pending> batch = new ArrayList<>();
                batch.add(waiting.take());
                waiting.drainTo(batch, batchMax - 1);
                write(batch);
            }
        } catch (InterruptedException stopping) {
            // the application stops
        } finally {
            for (Pending left = waiting.poll(); left != null; left = waiting.poll()) {
                left.done()
                        .completeExceptionally(
                                new ProblemException(503, "Service Unavailable", "This node is stopping."));
            }
        }
    }

    private void write(List<Pending> batch) {
        try {
            List<BulkResult> results =
                    writer.create(batch.stream().map(Pending::create).toList());
            for (int i = 0; i < batch.size(); i++) {
                batch.get(i).done().complete(results.get(i));
            }
        } catch (BulkConflictException conflict) {
            batch.forEach(this::writeAlone);
        } catch (RuntimeException | Error failure) { // the database is out, say: every caller learns it
            batch.forEach(pending -> pending.done().completeExceptionally(failure));
        }
    }

    private void writeAlone(Pending pending) {
        try {
            pending.done().complete(writer.create(List.of(pending.create())).get(0));
        } catch (RuntimeException failure) {
            pending.done().completeExceptionally(failure);
        }
    }

    private record Pending(CheckedCreate create, CompletableFuture<BulkResult> done) {}
}
