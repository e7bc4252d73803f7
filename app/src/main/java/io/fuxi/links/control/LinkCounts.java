package io.fuxi.links.control;

import io.fuxi.links.boundary.Census;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Optional;

/** The SQL of the census: one scan of the link table, and the row every node reads. */
public final class LinkCounts {

    private LinkCounts() {}

    /** Counts every link by state at {@code now}: one pass over the table, seconds at ten million rows. */
    public static Census count(Connection connection, Instant now) throws SQLException {
        long started = System.nanoTime();
        try (PreparedStatement select = connection.prepareStatement("""
                SELECT COUNT(*), COALESCE(SUM(enabled AND expires_at > ?), 0), COALESCE(SUM(NOT enabled AND expires_at > ?), 0)
                FROM link""")) {
            LocalDateTime utc = LocalDateTime.ofInstant(now, ZoneOffset.UTC);
            select.setObject(1, utc);
            select.setObject(2, utc);
            try (ResultSet row = select.executeQuery()) {
                row.next();
                long all = row.getLong(1);
                long live = row.getLong(2);
                long disabled = row.getLong(3);
                return new Census(
                        live, disabled, all - live - disabled, now, Duration.ofNanos(System.nanoTime() - started));
            }
        }
    }

    public static void save(Connection connection, Census census) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(
                "UPDATE link_census SET live = ?, disabled = ?, expired = ?, counted_at = ?, took_millis = ? WHERE id = 1")) {
            update.setLong(1, census.live());
            update.setLong(2, census.disabled());
            update.setLong(3, census.expired());
            update.setObject(4, LocalDateTime.ofInstant(census.countedAt(), ZoneOffset.UTC));
            update.setLong(5, census.took().toMillis());
            update.executeUpdate();
        }
    }

    /** The last census, if there has been one. */
    public static Optional<Census> last(Connection connection) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(
                        "SELECT live, disabled, expired, counted_at, took_millis FROM link_census WHERE id = 1");
                ResultSet row = select.executeQuery()) {
            if (!row.next() || row.getObject(4) == null) {
                return Optional.empty();
            }
            return Optional.of(new Census(
                    row.getLong(1),
                    row.getLong(2),
                    row.getLong(3),
                    row.getObject(4, LocalDateTime.class).toInstant(ZoneOffset.UTC),
                    Duration.ofMillis(row.getLong(5))));
        }
    }
}
