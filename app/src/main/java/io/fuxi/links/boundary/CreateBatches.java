package io.fuxi.links.boundary;

import io.fuxi.links.control.AliasTakenException;
import io.fuxi.links.control.BulkConflictException;
import io.fuxi.platform.beans.Unproxied;
import io.fuxi.platform.database.FuxiDataSource;
import io.fuxi.platform.database.HeldConnection;
import io.fuxi.platform.problem.ProblemException;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Group commit for single creates (ADR 14). Each writer thread (one by default) takes every create waiting when it is free
 * and write them in one transaction: one multi-row insert per table and one commit (one flush of the redo log) for
 * all. Each caller is answered once the commit that holds its link is done, so a 201 is as durable as before. A
 * create that finds a writer free waits for nobody; under load the batches grow by themselves. A batch sunk by an
 * alias taken since it was looked up is written again create by create, so only that create fails. Each writer keeps a
 * connection of its own and commits its transactions itself (ADR 21): no JTA transaction, no EJB call and no pool
 * checkout per batch.
 */
@ApplicationScoped
public class CreateBatches {

    private static final Logger LOG = Logger.getLogger(CreateBatches.class.getName());

    /** How long a caller waits for its commit before answering 503: a safety net, the connection's timeouts fail sooner. */
    static final long WAIT_SECONDS = 30;

    @Resource
    ManagedThreadFactory threads;

    @Resource(lookup = FuxiDataSource.WRITERS_JNDI_NAME)
    DataSource database;

    @Inject
    BeanManager beans;

    @Inject
    LinkInserts inserts;

    @Inject
    Event<LinkCreated> created;

    @Inject
    @ConfigProperty(name = "fuxi.links.create-writers", defaultValue = "1")
    int writerCount;

    @Inject
    @ConfigProperty(name = "fuxi.links.create-batch-max", defaultValue = "200")
    int batchMax;

    private final BlockingQueue<Pending> waiting = new LinkedBlockingQueue<>();
    private final List<Thread> writers = new ArrayList<>();

    /** The beans of the create path, held without their client proxies (ADR 53). */
    @PostConstruct
    void holdUnproxied() {
        inserts = Unproxied.of(beans, LinkInserts.class);
    }

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

    /**
     * Starts with the application, on the deployment's thread: the writers' managed threads take the application's
     * context from the thread that makes them, and a single create may be answered ahead of the web container, on a
     * thread that has none (ADR 45).
     */
    void startEagerly(@Observes @Initialized(ApplicationScoped.class) Object application) {
        startWriters();
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
        try (HeldConnection connection = new HeldConnection(database)) {
            while (!Thread.currentThread().isInterrupted()) {
                List<Pending> batch = new ArrayList<>();
                batch.add(waiting.take());
                waiting.drainTo(batch, batchMax - 1);
                write(connection, batch);
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

    private void write(HeldConnection connection, List<Pending> batch) {
        try {
            commit(connection, batch);
        } catch (BulkConflictException conflict) {
            connection.rollback();
            batch.forEach(pending -> writeAlone(connection, pending));
        } catch (SQLException | RuntimeException | Error failure) { // the database is out, say: every caller learns it
            fail(connection, batch, failure);
        }
    }

    private void writeAlone(HeldConnection connection, Pending pending) {
        try {
            commit(connection, List.of(pending));
        } catch (BulkConflictException conflict) {
            connection.rollback();
            answerConflict(pending, conflict);
        } catch (SQLException | RuntimeException | Error failure) {
            fail(connection, List.of(pending), failure);
        }
    }

    /** Writes the batch in one transaction and commits it; then announces the new links and answers each caller. */
    private void commit(HeldConnection connection, List<Pending> batch) throws SQLException {
        LinkInserts.Written written = inserts.writeAndCommit(
                connection.get(), batch.stream().map(Pending::create).toList());
        try {
            written.announce(created);
        } catch (RuntimeException observer) { // the links are committed: the callers get them all the same
            LOG.log(Level.WARNING, "an observer of new links failed", observer);
        }
        for (int i = 0; i < batch.size(); i++) {
            batch.get(i).done().complete(written.results().get(i));
        }
    }

    /** A create written alone whose link insert met a duplicate: its alias was taken since it was looked up. */
    private static void answerConflict(Pending pending, BulkConflictException conflict) {
        pending.create()
                .alias()
                .ifPresentOrElse(
                        alias -> pending.done().complete(BulkResult.failed(new AliasTakenException(alias).toProblem())),
                        () -> pending.done().completeExceptionally(conflict));
    }

    private static void fail(HeldConnection connection, List<Pending> batch, Throwable failure) {
        connection.drop(failure);
        batch.forEach(pending -> pending.done().completeExceptionally(failure));
    }

    private record Pending(CheckedCreate create, CompletableFuture<BulkResult> done) {}
}
