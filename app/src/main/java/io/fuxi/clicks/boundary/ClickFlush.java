package io.fuxi.clicks.boundary;

import io.fuxi.clicks.control.ClickRows;
import io.fuxi.clicks.control.ClickTally;
import io.fuxi.clicks.control.LinkDay;
import io.fuxi.clicks.control.PendingClicks;
import io.fuxi.platform.database.DatabaseErrors;
import io.fuxi.platform.database.FuxiDataSource;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Writes the counted clicks every fuxi.clicks.flush-seconds (a non-persistent timer), in batches of
 * {@value #BATCH} links, each batch its own short transaction on this node's slot of the click rows. A batch that
 * fails goes back in line with everything after it, and is tried again at the next flush (the database may be down;
 * the counts wait in memory within their bound). A graceful stop waits for a flush under way and flushes once more; a
 * crash loses the clicks of at most one interval.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class ClickFlush {

    private static final Logger LOG = Logger.getLogger(ClickFlush.class.getName());
    static final int BATCH = 500;
    static final int SLOTS = 16;
    static final int REHEARSAL_ATTEMPTS = 5;
    static final int STOP_WAIT_SECONDS = 10;

    @Inject
    ClickRecorder recorder;

    @Resource(lookup = FuxiDataSource.JOBS_JNDI_NAME)
    DataSource dataSource;

    @Resource
    TimerService timers;

    @Inject
    @ConfigProperty(name = "fuxi.clicks.flush-seconds", defaultValue = "5")
    int flushSeconds;

    /** This node's rows: picked at random at each start, so that nodes seldom share one. */
    private final int slot = ThreadLocalRandom.current().nextInt(SLOTS);

    private final ReentrantLock flushing = new ReentrantLock();
    private volatile FlushStatus status;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private volatile Timer timer;

    @PostConstruct
    void start() {
        long interval = Math.max(1, flushSeconds) * 1000L;
        status = FlushStatus.startedAt(System.currentTimeMillis(), interval);
        try (Connection connection = dataSource.getConnection()) {
            recorder.start(ClickRows.secret(connection));
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the visitor secret", e);
        }
        if (recorder.isCounting()) {
            rehearseUntilNotRolledBack();
            timer = timers.createIntervalTimer(interval, interval, new TimerConfig("click-flush", false));
        }
    }

    @Timeout
    void onTimer() {
        if (flushing.tryLock()) { // while a flush is under way this tick skips: what it would write waits for the next
            try {
                flush();
            } finally {
                flushing.unlock();
            }
        }
    }

    /** The last word: what was counted before the stop goes in now (see {@link FlushOnStop}). */
    public void flushBeforeStop() {
        if (stopped.getAndSet(true)) {
            return;
        }
        if (timer != null) {
            try {
                timer.cancel();
            } catch (RuntimeException e) {
                // already gone with the application
            }
        }
        if (!waitForFlushUnderWay()) {
            LOG.warning(() -> "A click flush still under way after " + STOP_WAIT_SECONDS
                    + " s; the stop leaves the clicks counted since it began unwritten");
            return;
        }
        try {
            flush();
        } finally {
            flushing.unlock();
        }
        FlushStatus last = status;
        LOG.info(() -> "Clicks flushed before the stop: " + last.flushedClicks() + " written since the start"
                + (last.pendingLinkDays() > 0 ? ", " + last.pendingLinkDays() + " links' clicks unwritten" : ""));
    }

    /**
     * Takes {@link #flushing} once a flush under way is done, so that what was counted since it began is not left
     * behind; gives up after {@value #STOP_WAIT_SECONDS} s (a database that stopped answering holds a flush until its
     * socket timeout).
     */
    private boolean waitForFlushUnderWay() {
        try {
            return flushing.tryLock(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @PreDestroy
    void stop() {
        flushBeforeStop(); // where the container calls it; otherwise FlushOnStop has
    }

    public FlushStatus status() {
        return status;
    }

    /** Writes everything counted so far; the caller holds {@link #flushing}. */
    private void flush() {
        long started = System.currentTimeMillis();
        PendingClicks pending = recorder.takeAll();
        PendingClicks unwritten = write(pending);
        long written = pending.clicks() - unwritten.clicks();
        if (!unwritten.isEmpty()) {
            recorder.putBack(unwritten);
        }
        status = status.after(started, System.currentTimeMillis(), written, unwritten.isEmpty(), recorder.counts());
    }

    /**
     * Writes the clicks batch by batch, then the hourly and daily totals in one transaction of their own; answers what
     * it could not write.
     */
    private PendingClicks write(PendingClicks pending) {
        if (pending.isEmpty()) {
            return pending;
        }
        List<Batch> batches = batches(pending);
        int done = 0;
        boolean totalsWritten = false;
        try (Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
            try {
                for (Batch batch : batches) {
                    batch.addTo(connection, slot);
                    connection.commit();
                    done++;
                }
                ClickRows.addTotals(connection, pending.hours(), slot);
                connection.commit();
                totalsWritten = true;
            } finally {
                rollBackQuietly(connection);
                connection.setAutoCommit(true);
            }
        } catch (SQLException | RuntimeException e) {
            DatabaseErrors.record(e);
            LOG.log(
                    Level.WARNING,
                    "Click flush stopped after " + done + " of " + batches.size()
                            + " batches; the rest waits for the next flush: " + e);
        }
        Map<LinkDay, ClickTally> unwritten = new LinkedHashMap<>();
        for (Batch batch : batches.subList(done, batches.size())) {
            batch.tallies().forEach(entry -> unwritten.put(new LinkDay(entry.getKey(), batch.day()), entry.getValue()));
        }
        return new PendingClicks(unwritten, totalsWritten ? Map.of() : pending.hours());
    }

    /**
     * Rehearses, and again when the database rolled the rehearsal back: nodes that start together rehearse on the same
     * rows, and InnoDB may take one of them for a deadlock (FirstStartTogetherIT once failed to start a node so).
     */
    private void rehearseUntilNotRolledBack() {
        for (int attempt = 1; ; attempt++) {
            try {
                rehearse();
                return;
            } catch (SQLException e) {
                if (attempt >= REHEARSAL_ATTEMPTS || !isRolledBack(e)) {
                    throw new IllegalStateException("cannot write clicks", e);
                }
            }
            try {
                Thread.sleep(ThreadLocalRandom.current().nextLong(50, 250));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while rehearsing the click flush", e);
            }
        }
    }

    /** Whether the database rolled the transaction back (a deadlock, SQLSTATE 40001), here or in a cause. */
    static boolean isRolledBack(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLTransactionRollbackException
                    || (cause instanceof SQLException sql && "40001".equals(sql.getSQLState()))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Writes the recorder's rehearsal twice (the second time onto the rows of the first) and rolls back: see
     * {@link io.fuxi.clicks.control.ClickAggregator#rehearsal()}.
     */
    private void rehearse() throws SQLException {
        PendingClicks rehearsal = recorder.rehearsal();
        try (Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
            try {
                for (int time = 0; time < 2; time++) {
                    for (Batch batch : batches(rehearsal)) {
                        batch.addTo(connection, slot);
                    }
                    ClickRows.addTotals(connection, rehearsal.hours(), slot);
                }
            } finally {
                connection.rollback();
                connection.setAutoCommit(true);
            }
        }
    }

    /** The tallies by day, each day's in batches of {@value #BATCH} links, in code order (no two flushes deadlock). */
    private static List<Batch> batches(PendingClicks pending) {
        Map<Integer, List<Map.Entry<String, ClickTally>>> byDay = new TreeMap<>();
        new TreeMap<>(pending.tallies())
                .forEach((key, tally) -> byDay.computeIfAbsent(key.day(), day -> new ArrayList<>())
                        .add(Map.entry(key.code(), tally)));
        List<Batch> batches = new ArrayList<>();
        byDay.forEach((day, tallies) -> {
            for (int from = 0; from < tallies.size(); from += BATCH) {
                batches.add(new Batch(day, tallies.subList(from, Math.min(from + BATCH, tallies.size()))));
            }
        });
        return batches;
    }

    private static void rollBackQuietly(Connection connection) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            // the connection is gone; nothing was committed since the last commit anyway
        }
    }

    private record Batch(int day, List<Map.Entry<String, ClickTally>> tallies) {

        /** Adds the batch's clicks to the link rows. */
        void addTo(Connection connection, int slot) throws SQLException {
            ClickRows.add(connection, day, tallies, slot);
        }
    }
}
