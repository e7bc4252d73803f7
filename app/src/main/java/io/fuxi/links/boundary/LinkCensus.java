package io.fuxi.links.boundary;

import io.fuxi.links.control.LinkCounts;
import io.fuxi.platform.database.DatabaseErrors;
import io.fuxi.platform.database.FuxiDataSource;
import io.fuxi.platform.database.JobLease;
import io.fuxi.platform.problem.ProblemException;
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
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Counts links by state every fuxi.links.census-interval-seconds on one node of the cluster (under the job lease
 * {@value #JOB}) and keeps the count where every node reads it: a COUNT over ten million rows takes seconds, too slow
 * for a page, and a live link becomes an expired one without any write, so no running total could follow it.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class LinkCensus {

    static final String JOB = "link-census";
    private static final Logger LOG = Logger.getLogger(LinkCensus.class.getName());

    @Resource(lookup = FuxiDataSource.JOBS_JNDI_NAME)
    DataSource dataSource;

    /** For reads a page waits on: the requests' pool, which fails fast. */
    @Resource(lookup = FuxiDataSource.JNDI_NAME)
    DataSource requests;

    @Resource
    ManagedExecutorService executor;

    @Inject
    Clock clock;

    @Inject
    @ConfigProperty(name = "fuxi.links.census-interval-seconds", defaultValue = "600")
    int intervalSeconds;

    private final String node = "census/" + UUID.randomUUID();
    private final AtomicBoolean counting = new AtomicBoolean();
    private volatile long nextAttemptMillis;

    /** Starts a due count on the managed executor, so that a count of seconds holds up no timer of this node. */
    @Schedule(second = "*/5", minute = "*", hour = "*", persistent = false)
    void countWhenDue() {
        long now = System.currentTimeMillis();
        if (now >= nextAttemptMillis && !counting.get()) {
            nextAttemptMillis = now + interval() * 1000L;
            executor.execute(() -> {
                try {
                    count(interval());
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "Could not count the links; the next interval tries again: " + e);
                }
            });
        }
    }

    /** Counts now, whatever the interval; refused (409) while a count runs on this node or another. */
    public Census countNow() {
        return count(0).orElseThrow(() -> new ProblemException(409, "Conflict", "Links are being counted; try again."));
    }

    /** The last count, on any node, if there has been one. */
    public Optional<Census> last() {
        try (Connection connection = requests.getConnection()) {
            return LinkCounts.last(connection);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the census of links", e);
        }
    }

    private int interval() {
        return Math.max(5, intervalSeconds);
    }

    /** A count, unless one runs here or elsewhere or (unless 0) the last ended less than the interval ago. */
    private Optional<Census> count(int minIntervalSeconds) {
        if (!counting.compareAndSet(false, true)) {
            return Optional.empty();
        }
        JobLease lease = new JobLease(JOB, node, Math.max(300, interval()));
        try (Connection connection = dataSource.getConnection()) {
            if (!lease.take(connection, minIntervalSeconds)) {
                return Optional.empty();
            }
            Census census = null;
            try {
                census = LinkCounts.count(connection, clock.instant());
                LinkCounts.save(connection, census);
                Census counted = census;
                LOG.fine(() -> "Links counted: " + counted);
                return Optional.of(census);
            } finally {
                lease.giveUp(connection, census == null ? 0 : census.total());
            }
        } catch (SQLException | RuntimeException e) {
            DatabaseErrors.record(e);
            throw new IllegalStateException("cannot count the links", e);
        } finally {
            counting.set(false);
        }
    }
}
