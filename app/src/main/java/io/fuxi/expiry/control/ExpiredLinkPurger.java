package io.fuxi.expiry.control;

import io.fuxi.codes.boundary.CodeRecycling;
import io.fuxi.expiry.boundary.ExpiryOptions;
import io.fuxi.expiry.boundary.PurgeReport;
import io.fuxi.links.boundary.ExpiredLinks;
import io.fuxi.platform.database.FuxiDataSource;
import io.fuxi.platform.database.JobLease;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Deletes the links that expired before the run started, a batch per transaction, while this node holds the purge
 * lease. Each transaction, on this run's one connection, renews the lease, has the links component delete a batch
 * (locked by primary key and re-checked, so a link extended a moment ago stays) with its search words, and has the
 * codes component hold their codes for recycling: a run stopped anywhere leaves every link either whole or gone
 * with its code held. Then held codes old enough are released to the pool.
 */
@ApplicationScoped
public class ExpiredLinkPurger {

    private static final Logger LOG = Logger.getLogger(ExpiredLinkPurger.class.getName());
    static final String JOB = "expiry-purge";

    @Resource(lookup = FuxiDataSource.JOBS_JNDI_NAME)
    DataSource dataSource;

    /** For reads a page waits on: the requests' pool, which fails fast. */
    @Resource(lookup = FuxiDataSource.JNDI_NAME)
    DataSource requests;

    @Inject
    Clock clock;

    @Inject
    ExpiredLinks links;

    @Inject
    CodeRecycling codes;

    /** This node, as the lease names it. */
    final String node = hostName() + "/" + UUID.randomUUID();

    public String node() {
        return node;
    }

    /**
     * One run: {@code onBatch} gets the codes of each committed batch (to drop them from caches). With
     * {@code whenDue} the run happens only if the last one, on any node, ended an interval ago.
     */
    public PurgeReport purge(ExpiryOptions options, boolean whenDue, Consumer<List<String>> onBatch) {
        Instant startedAt = clock.instant();
        long start = System.nanoTime();
        JobLease lease = new JobLease(JOB, node, options.leaseSeconds());
        Tally tally = new Tally();
        try (Connection connection = dataSource.getConnection()) {
            if (!lease.take(connection, whenDue ? options.intervalSeconds() : 0)) {
                return PurgeReport.notRun(startedAt);
            }
            try {
                tally.complete = purgeAll(connection, lease, options, startedAt, tally, onBatch);
            } finally {
                end(connection, lease, tally.links);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "The purge failed after " + tally.links + " links; the next run goes on", e);
        }
        long released = codes.release(options.recycleDelay());
        return new PurgeReport(
                startedAt,
                Duration.ofNanos(System.nanoTime() - start),
                true,
                tally.complete,
                tally.links,
                tally.held,
                released,
                tally.batches);
    }

    /** The last purge that finished, on any node: when, where and how many links it purged. */
    public Optional<JobLease.FinishedRun> lastRun() {
        try (Connection connection = requests.getConnection()) {
            return JobLease.lastRun(connection, JOB);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the last purge", e);
        }
    }

    /**
     * Read committed: InnoDB then locks only the rows a statement changes or selects for update, never gaps or rows
     * it merely walked past, so the purge holds up no create and no edit of a live link.
     */
    private boolean purgeAll(
            Connection connection,
            JobLease lease,
            ExpiryOptions options,
            Instant cutoff,
            Tally tally,
            Consumer<List<String>> onBatch)
            throws SQLException {
        connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        connection.setAutoCommit(false);
        while (true) {
            if (!lease.renew(connection)) {
                LOG.warning("Another node took the purge lease over; this run stops");
                return false;
            }
            ExpiredLinks.Batch batch = links.delete(connection, cutoff, options.batchSize());
            int held = codes.hold(connection, batch.deleted());
            connection.commit();
            tally.add(batch.deleted().size(), held);
            if (!batch.deleted().isEmpty()) {
                onBatch.accept(batch.deleted());
            }
            if (batch.found() < options.batchSize()) {
                return true;
            }
            pause(options.pauseBetweenBatches());
        }
    }

    /** Rolls back whatever is open and gives the lease up; if the connection is gone, the lease simply expires. */
    private static void end(Connection connection, JobLease lease, long linksPurged) {
        try {
            if (!connection.getAutoCommit()) {
                connection.rollback();
                connection.setAutoCommit(true);
            }
            connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ); // the pool's default
            lease.giveUp(connection, linksPurged);
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "Could not give the purge lease up; it expires in " + lease.seconds() + " s", e);
        }
    }

    private static void pause(Duration pause) {
        if (pause.isZero()) {
            return;
        }
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown-host";
        }
    }

    private static final class Tally {
        long links;
        long held;
        long batches;
        boolean complete;

        void add(int links, int held) {
            if (links > 0) {
                this.links += links;
                this.held += held;
                batches++;
            }
        }
    }
}
