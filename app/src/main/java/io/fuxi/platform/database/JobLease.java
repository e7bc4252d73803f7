package io.fuxi.platform.database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.Optional;

/**
 * A lease on a cluster-wide job (table job_lease), on the database's clock. Taking it is one conditional UPDATE,
 * so two nodes can never both hold it; the holder renews it inside each transaction of its work, which also keeps
 * the row locked until that transaction ends.
 */
public record JobLease(String job, String holder, int seconds) {

    /**
     * Takes the lease if nobody holds it (or the holder let it expire) and, unless {@code minIntervalSeconds} is 0,
     * if the last run finished at least that long ago. Auto-commit must be on.
     */
    public boolean take(Connection connection, int minIntervalSeconds) throws SQLException {
        try (PreparedStatement take = connection.prepareStatement("""
                UPDATE job_lease SET holder = ?, expires_at = UTC_TIMESTAMP(3) + INTERVAL ? SECOND
                WHERE name = ? AND (holder IS NULL OR expires_at < UTC_TIMESTAMP(3))
                  AND (? = 0 OR last_finished_at IS NULL OR last_finished_at <= UTC_TIMESTAMP(3) - INTERVAL ? SECOND)""")) {
            take.setString(1, holder);
            take.setInt(2, seconds);
            take.setString(3, job);
            take.setInt(4, minIntervalSeconds);
            take.setInt(5, minIntervalSeconds);
            return take.executeUpdate() == 1;
        }
    }

    /** Extends the lease within the caller's transaction; false if another node has taken it over. */
    public boolean renew(Connection connection) throws SQLException {
        try (PreparedStatement renew = connection.prepareStatement(
                "UPDATE job_lease SET expires_at = UTC_TIMESTAMP(3) + INTERVAL ? SECOND WHERE name = ? AND holder = ?")) {
            renew.setInt(1, seconds);
            renew.setString(2, job);
            renew.setString(3, holder);
            return renew.executeUpdate() == 1;
        }
    }

    /**
     * Gives the lease up and records the end of the run: when, by whom and how many items it handled. Auto-commit
     * must be on. (MySQL assigns from left to right: the holder is recorded before it is cleared.)
     */
    public void giveUp(Connection connection, long items) throws SQLException {
        try (PreparedStatement release = connection.prepareStatement("""
                UPDATE job_lease SET last_finished_by = holder, last_items = ?, holder = NULL,
                                     expires_at = UTC_TIMESTAMP(3), last_finished_at = UTC_TIMESTAMP(3)
                WHERE name = ? AND holder = ?""")) {
            release.setLong(1, items);
            release.setString(2, job);
            release.setString(3, holder);
            release.executeUpdate();
        }
    }

    /** The last finished run of a job on any node, if one has finished. */
    public static Optional<FinishedRun> lastRun(Connection connection, String job) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT last_finished_at, last_finished_by, last_items FROM job_lease WHERE name = ?")) {
            select.setString(1, job);
            try (ResultSet row = select.executeQuery()) {
                if (!row.next() || row.getObject(1) == null) {
                    return Optional.empty();
                }
                return Optional.of(new FinishedRun(
                        row.getObject(1, LocalDateTime.class).toInstant(ZoneOffset.UTC),
                        Objects.requireNonNullElse(row.getString(2), "an earlier version"),
                        row.getLong(3)));
            }
        }
    }

    /** When a run finished, the node that ran it and the items it handled. */
    public record FinishedRun(Instant finishedAt, String node, long items) {}
}
