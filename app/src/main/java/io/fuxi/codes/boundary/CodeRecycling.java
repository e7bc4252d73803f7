package io.fuxi.codes.boundary;

import io.fuxi.codes.control.PoolLock;
import io.fuxi.codes.control.PoolRows;
import io.fuxi.platform.database.FuxiDataSource;
import io.fuxi.platform.database.Sql;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import javax.sql.DataSource;

/**
 * Gives the codes of purged links back to the pool, in two steps. A purge <em>holds</em> a code (table
 * recycled_code) in the same transaction that deletes its link, on the purge's own connection; a code held long
 * enough that no cache anywhere can still serve the old link is then <em>released</em>: appended to the end of the
 * pool under the {@link PoolLock}, in the same transaction that removes it from the held codes, so it is handed out
 * once and only once.
 */
@ApplicationScoped
public class CodeRecycling {

    /** Codes appended per transaction. */
    static final int CHUNK = 4096;

    @Resource(lookup = FuxiDataSource.JNDI_NAME)
    DataSource dataSource;

    protected CodeRecycling() {
        // for CDI
    }

    /** Recycling outside the container (tests of other components against a real database). */
    public CodeRecycling(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * Holds back the generated codes among {@code codes}, in the caller's transaction, and returns how many. An alias
     * never came from the pool and never goes to it.
     */
    public int hold(Connection connection, Collection<String> codes) throws SQLException {
        List<String> generated = codes.stream().filter(CodeShape::isGenerated).toList();
        if (generated.isEmpty()) {
            return 0;
        }
        try (PreparedStatement insert =
                connection.prepareStatement("INSERT INTO recycled_code (code, purged_at) VALUES "
                        + Sql.repeat("(?, UTC_TIMESTAMP(3))", generated.size()))) {
            for (int i = 0; i < generated.size(); i++) {
                insert.setString(i + 1, generated.get(i));
            }
            return insert.executeUpdate();
        }
    }

    /**
     * Appends the codes held for at least {@code delay} (by the database's clock, which every node shares) to the
     * end of the pool and returns how many. Returns 0 at once when another node is appending, or when a batch is
     * half-loaded (its sequence numbers come first; the generator finishes it at its next check).
     */
    public long release(Duration delay) {
        try (Connection connection = dataSource.getConnection()) {
            if (!PoolLock.take(connection, 0)) {
                return 0;
            }
            try {
                return PoolLock.batchUnfinished(connection) ? 0 : appendAll(connection, delay);
            } finally {
                PoolLock.release(connection);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Releasing recycled codes failed", e);
        }
    }

    /** How many codes are held, waiting to be released. */
    public long held() {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement query = connection.prepareStatement("SELECT COUNT(*) FROM recycled_code");
                ResultSet row = query.executeQuery()) {
            row.next();
            return row.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot count recycled codes", e);
        }
    }

    private static long appendAll(Connection connection, Duration delay) throws SQLException {
        connection.setAutoCommit(false);
        long released = 0;
        List<String> codes;
        do {
            codes = releasable(connection, delay);
            if (!codes.isEmpty()) {
                append(connection, codes);
                connection.commit();
                released += codes.size();
            }
        } while (codes.size() == CHUNK);
        return released;
    }

    private static List<String> releasable(Connection connection, Duration delay) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT code FROM recycled_code WHERE purged_at <= UTC_TIMESTAMP(3) - INTERVAL ? SECOND ORDER BY purged_at LIMIT "
                        + CHUNK)) {
            query.setLong(1, delay.toSeconds());
            List<String> codes = new ArrayList<>();
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    codes.add(rows.getString(1));
                }
            }
            return codes;
        }
    }

    private static void append(Connection connection, List<String> codes) throws SQLException {
        long loadedSeq = PoolRows.lockCounters(connection).loadedSeq();
        PoolRows.append(connection, loadedSeq + 1, codes);
        try (PreparedStatement forget =
                connection.prepareStatement(Sql.inList("DELETE FROM recycled_code WHERE code IN ", codes.size()))) {
            for (int i = 0; i < codes.size(); i++) {
                forget.setString(i + 1, codes.get(i));
            }
            if (forget.executeUpdate() != codes.size()) {
                throw new SQLException("Recycled codes changed while they were released");
            }
        }
        PoolRows.setLoadedSeq(connection, loadedSeq + codes.size());
    }
}
