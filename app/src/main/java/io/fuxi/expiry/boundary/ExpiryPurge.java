package io.fuxi.expiry.boundary;

import io.fuxi.expiry.control.ExpiredLinkPurger;
import io.fuxi.links.boundary.LinksPurged;
import io.fuxi.platform.database.DatabaseErrors;
import io.fuxi.platform.database.JobLease;
import io.fuxi.platform.problem.ProblemException;
import io.fuxi.redirect.boundary.CacheStaleness;
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
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Purges expired links: a non-persistent timer looks every five seconds whether a run is due (an interval after this
 * node's last attempt by the application's clock, and an interval after the end of the last run on any node by the
 * database's, whose lease lets only one node run), and an admin may start a run at once. One run at a time on this
 * node.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class ExpiryPurge {

    private static final Logger LOG = Logger.getLogger(ExpiryPurge.class.getName());

    @Inject
    ExpiredLinkPurger purger;

    @Inject
    Event<LinksPurged> purged;

    @Inject
    Clock clock;

    @Inject
    CacheStaleness cacheStaleness;

    @Resource
    ManagedExecutorService executor;

    @Inject
    @ConfigProperty(name = "fuxi.expiry.scheduled", defaultValue = "true")
    boolean scheduled;

    @Inject
    @ConfigProperty(name = "fuxi.expiry.interval-seconds", defaultValue = "60")
    int intervalSeconds;

    @Inject
    @ConfigProperty(name = "fuxi.expiry.batch-size", defaultValue = "1000")
    int batchSize;

    @Inject
    @ConfigProperty(name = "fuxi.expiry.lease-seconds", defaultValue = "60")
    int leaseSeconds;

    @Inject
    @ConfigProperty(name = "fuxi.expiry.pause-millis", defaultValue = "10")
    int pauseMillis;

    /**
     * A day by default: an Idempotency-Key replay (answers are kept 24 hours from the create) must never show a code
     * that already belongs to another link.
     */
    @Inject
    @ConfigProperty(name = "fuxi.expiry.recycle-delay-seconds", defaultValue = "86400")
    int recycleDelaySeconds;

    private ExpiryOptions options;
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicReference<PurgeTotals> totals = new AtomicReference<>(PurgeTotals.NONE);
    private volatile Instant nextAttempt;

    @PostConstruct
    void readOptions() {
        options = new ExpiryOptions(
                scheduled,
                Math.max(1, intervalSeconds),
                Math.min(Math.max(1, batchSize), 10_000),
                Math.max(5, leaseSeconds),
                Duration.ofMillis(Math.max(0, pauseMillis)),
                recycleDelay());
        nextAttempt = clock.instant().plusSeconds(options.intervalSeconds());
        LOG.info(() -> "Expiry purge: " + options);
    }

    private Duration recycleDelay() {
        Duration asked = Duration.ofSeconds(Math.max(0, recycleDelaySeconds));
        Duration delay = ExpiryOptions.recycleDelay(asked, cacheStaleness.longest());
        if (!delay.equals(asked)) {
            LOG.warning(() -> "fuxi.expiry.recycle-delay-seconds is shorter than the caches may hold a link; using "
                    + delay.toSeconds() + " s");
        }
        return delay;
    }

    /** Starts a due run on the managed executor, so that a run of minutes holds up no other timer of this node. */
    @Schedule(second = "*/5", minute = "*", hour = "*", persistent = false)
    void purgeWhenDue() {
        Instant now = clock.instant();
        if (options.scheduled() && !running.get() && isDue(now)) {
            nextAttempt = now.plusSeconds(options.intervalSeconds());
            executor.execute(() -> {
                try {
                    run(true);
                } catch (RuntimeException e) {
                    // logged by run(); the next tick tries again
                }
            });
        }
    }

    /** Due an interval after the last attempt, or at once when the clock has gone back past the last attempt. */
    private boolean isDue(Instant now) {
        return !now.isBefore(nextAttempt)
                || now.plusSeconds(options.intervalSeconds()).isBefore(nextAttempt);
    }

    /**
     * A run now, whatever the interval, for the API and the console alike; refused (409) while this node is running
     * one or another node holds the lease.
     */
    public PurgeReport purgeNow() {
        PurgeReport report = run(false)
                .orElseThrow(() -> new ProblemException(409, "Conflict", "A purge is already running on this node."));
        if (!report.ran()) {
            throw new ProblemException(409, "Conflict", "Another node is purging; see its log.");
        }
        return report;
    }

    public PurgeTotals totals() {
        return totals.get();
    }

    /** The last purge that finished, on any node. */
    public Optional<JobLease.FinishedRun> lastRunAnywhere() {
        return purger.lastRun();
    }

    public ExpiryOptions options() {
        return options;
    }

    /** This node as the purge lease names it (job_lease.holder while it purges). */
    public String node() {
        return purger.node();
    }

    public boolean isRunning() {
        return running.get();
    }

    private Optional<PurgeReport> run(boolean whenDue) {
        if (!running.compareAndSet(false, true)) {
            return Optional.empty();
        }
        try {
            PurgeReport report = purger.purge(options, whenDue, codes -> purged.fire(new LinksPurged(codes)));
            totals.updateAndGet(current -> current.plus(report));
            if (report.ran()) {
                LOG.log(
                        report.didWork() ? Level.INFO : Level.FINE,
                        report::toString); // an idle run every minute is no news
            }
            return Optional.of(report);
        } catch (RuntimeException e) {
            DatabaseErrors.record(e);
            LOG.log(Level.SEVERE, "The expiry purge failed; the next run goes on where it stopped", e);
            throw e;
        } finally {
            running.set(false);
        }
    }
}
