package io.fuxi.links.boundary;

import io.fuxi.links.control.LinkTagIndex;
import io.fuxi.links.entity.Link;
import io.fuxi.links.search.LinkWordIndex;
import io.fuxi.platform.database.Sql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Deletes expired links with their search words (by their keys, ADR 24), for the expiry purge: on the purge's
 * connection and in its transaction, which also renews the purge's lease and holds the links' codes, so a batch is
 * committed whole or not at all. Once it has committed, the purge announces the batch as {@link LinksPurged}.
 */
@ApplicationScoped
public class ExpiredLinks {

    /**
     * One batch: how many links the query found expired (as many as asked means more may follow) and the codes of
     * those deleted (fewer when a link was extended a moment ago).
     */
    public record Batch(int found, List<String> deleted) {}

    /** How long the record of a deleted link's delete is kept. */
    @Inject
    @ConfigProperty(name = "fuxi.links.history-retention-days", defaultValue = "400")
    int historyRetentionDays;

    /** Deletes up to {@code limit} links that expired before {@code cutoff}, oldest expiry first. */
    public Batch delete(Connection connection, Instant cutoff, int limit) throws SQLException {
        List<String> candidates = expired(connection, cutoff, limit);
        List<Link> doomed = candidates.isEmpty() ? List.of() : lockStillExpired(connection, candidates, cutoff);
        List<String> codes = doomed.stream().map(Link::code).toList();
        delete(connection, "DELETE FROM link WHERE code IN ", codes);
        LinkWordIndex.remove(connection, doomed);
        LinkTagIndex.remove(connection, doomed);
        delete(connection, "DELETE FROM link_history WHERE code IN ", codes);
        forgetDeletedLinks(connection, cutoff.minus(Duration.ofDays(historyRetentionDays)), limit);
        return new Batch(candidates.size(), codes);
    }

    private static List<String> expired(Connection connection, Instant cutoff, int limit) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT code FROM link WHERE expires_at < ? ORDER BY expires_at LIMIT " + limit)) {
            query.setObject(1, utc(cutoff));
            List<String> codes = new ArrayList<>();
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    codes.add(rows.getString(1));
                }
            }
            return codes;
        }
    }

    /**
     * The candidates still expired, locked, with what their search words and tags are found by. The only condition is the
     * primary key, so that InnoDB locks these rows and nothing else (a condition on expires_at could make it lock the
     * range of that index it walks).
     */
    private static List<Link> lockStillExpired(Connection connection, List<String> candidates, Instant cutoff)
            throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(Sql.inList(
                        "SELECT code, url, owner_key_id, created_at, expires_at, tags FROM link WHERE code IN ",
                        candidates.size())
                + " FOR UPDATE")) {
            for (int i = 0; i < candidates.size(); i++) {
                query.setString(i + 1, candidates.get(i));
            }
            LocalDateTime before = utc(cutoff);
            List<Link> links = new ArrayList<>();
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    LocalDateTime expiresAt = rows.getObject(5, LocalDateTime.class);
                    if (expiresAt.isBefore(before)) {
                        Link link = new Link(
                                rows.getString(1),
                                rows.getString(2),
                                rows.getLong(3),
                                rows.getObject(4, LocalDateTime.class).toInstant(ZoneOffset.UTC),
                                expiresAt.toInstant(ZoneOffset.UTC),
                                null,
                                null);
                        link.changeTags(rows.getString(6));
                        links.add(link);
                    }
                }
            }
            return links;
        }
    }

    /** Drops up to {@code limit} records of deleted links older than {@code before}. */
    private static void forgetDeletedLinks(Connection connection, Instant before, int limit) throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement(
                "DELETE FROM link_history WHERE action = 'deleted' AND at < ? LIMIT " + limit)) {
            delete.setObject(1, utc(before));
            delete.executeUpdate();
        }
    }

    /** Link times are stored as UTC DATETIME(3), written and read without time zone conversion. */
    private static LocalDateTime utc(Instant instant) {
        return LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    private static void delete(Connection connection, String sql, List<String> codes) throws SQLException {
        if (codes.isEmpty()) {
            return;
        }
        try (PreparedStatement delete = connection.prepareStatement(Sql.inList(sql, codes.size()))) {
            for (int i = 0; i < codes.size(); i++) {
                delete.setString(i + 1, codes.get(i));
            }
            delete.executeUpdate();
        }
    }
}
