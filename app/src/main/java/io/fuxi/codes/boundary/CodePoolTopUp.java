package io.fuxi.codes.boundary;

import io.fuxi.codes.control.CodeBatchGenerator;
import io.fuxi.platform.database.DatabaseErrors;
import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.problem.ProblemException;
import io.fuxi.platform.time.AfterReady;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.event.ObservesAsync;
import jakarta.inject.Inject;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Keeps the code pool filled: the initial batch at first start (its first {@value #CODES_BEFORE_READY} codes before
 * requests are taken, the rest in the background after ready, ADR 49), then the next batch whenever the unused part
 * falls under the low-water mark, and any batch an admin asks for.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class CodePoolTopUp {

    static final long MAX_BATCH = 1_000_000_000L;
    private static final Logger LOG = Logger.getLogger(CodePoolTopUp.class.getName());
    /** How long a starting node waits for another node's generator before it goes on without it. */
    private static final int STARTUP_LOCK_WAIT_SECONDS = 600;
    /**
     * The codes a first start loads before it takes requests (a small part of the start): the rest of the initial
     * batch loads in the background, faster than creates can take them (ADR 34).
     */
    static final long CODES_BEFORE_READY = 10_000;

    @Inject
    CodeBatchGenerator generator;

    @Resource
    ManagedExecutorService executor;

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Inject
    @ConfigProperty(name = "fuxi.codes.initial-batch-size", defaultValue = "100000")
    long initialBatchSize;

    @Inject
    @ConfigProperty(name = "fuxi.codes.batch-size", defaultValue = "1000000")
    long batchSize;

    @Inject
    @ConfigProperty(name = "fuxi.codes.low-water-mark", defaultValue = "50000")
    long lowWaterMark;

    private final AtomicBoolean running = new AtomicBoolean();
    /** The size of the rest of a first start's initial batch while it waits to start loading; 0 when none waits. */
    private final AtomicLong initialRest = new AtomicLong();

    private volatile PoolLevel lastKnown = new PoolLevel(0, 0);

    @PostConstruct
    void fillAtFirstStart() {
        generator.generate(Math.min(initialBatchSize, CODES_BEFORE_READY), 1, STARTUP_LOCK_WAIT_SECONDS);
        lastKnown = level();
        long loaded = lastKnown.loaded();
        if (loaded < initialBatchSize && loaded <= CODES_BEFORE_READY) {
            // the rest of the initial batch after ready, or as soon as a reservation finds the pool low
            initialRest.set(initialBatchSize - loaded);
            scheduler.schedule(this::startInitialRest, AfterReady.SECONDS, TimeUnit.SECONDS);
        }
    }

    /** A backstop for the event below: also finishes a batch another node left half-done when it died. */
    @Schedule(minute = "*", hour = "*", persistent = false)
    void checkEveryMinute() {
        topUpIfLow(level());
    }

    public void onReservation(@ObservesAsync PoolLevel level) {
        topUpIfLow(level);
    }

    /**
     * Starts a batch of 1 to 1,000,000,000 codes in the background, as the API or the console asks for it (checked
     * here for both); refused while this node is already generating.
     */
    public void addBatch(Long size) {
        if (size == null) {
            throw new InvalidFieldException("size", "size is required: the number of codes to add, 1 to " + MAX_BATCH);
        }
        if (size < 1 || size > MAX_BATCH) {
            throw new InvalidFieldException("size", "size must be between 1 and " + MAX_BATCH);
        }
        if (!startInBackground(size, Long.MAX_VALUE)) {
            throw new ProblemException(
                    409,
                    "Conflict",
                    "A batch is already being generated on this node; add more once the pool shows it finished.");
        }
    }

    /**
     * Healthy while the pool holds at least the low-water mark, or while this node is adding codes. Read from the
     * last reservation or check, never from the database, so that it answers when the database does not.
     */
    public boolean isHealthy() {
        return lastKnown.remaining() >= lowWaterMark || running.get() || initialRest.get() > 0;
    }

    /** The pool as the last reservation or check on this node left it. */
    public PoolLevel lastKnown() {
        return lastKnown;
    }

    private PoolLevel level() {
        var counts = generator.counts();
        return new PoolLevel(counts.loaded(), counts.handedOut());
    }

    private void topUpIfLow(PoolLevel level) {
        lastKnown = level;
        if (level.remaining() < lowWaterMark && !startInitialRest()) {
            startInBackground(batchSize, lowWaterMark);
        }
    }

    /**
     * Starts loading the rest of the initial batch if it still waits; false if nothing waits. It loads only while the
     * pool holds no more than the first {@value #CODES_BEFORE_READY} codes, so that of two nodes starting together on
     * an empty database one loads it (ADR 34). While another batch loads on this node it waits for the next
     * reservation or check.
     */
    private boolean startInitialRest() {
        long rest = initialRest.getAndSet(0);
        if (rest == 0) {
            return false;
        }
        if (!startInBackground(rest, CODES_BEFORE_READY + 1)) {
            initialRest.compareAndSet(0, rest);
        }
        return true;
    }

    private boolean startInBackground(long size, long whenRemainingBelow) {
        if (!running.compareAndSet(false, true)) {
            return false;
        }
        executor.execute(() -> {
            boolean generated = false;
            try {
                generated = generator.generate(size, whenRemainingBelow, 0);
                lastKnown = level(); // healthy again without waiting for the next reservation or check
            } catch (RuntimeException e) {
                DatabaseErrors.record(e);
                LOG.log(Level.SEVERE, "Code batch generation failed; it resumes at the next check", e);
            } finally {
                running.set(false);
            }
            if (generated) {
                // a batch that left the pool low (the initial batch's rest, ADR 49) is followed by a top-up at once,
                // not at the next reservation or check; a generator that did not get the lock asks nothing more
                topUpIfLow(lastKnown);
            }
        });
        return true;
    }
}
