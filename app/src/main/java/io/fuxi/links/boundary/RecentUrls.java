package io.fuxi.links.boundary;

import io.fuxi.links.control.CreateCounts;
import io.fuxi.links.control.RecentUrlFilter;
import io.fuxi.platform.beans.Unproxied;
import io.fuxi.platform.cluster.Cluster;
import io.fuxi.platform.database.DatabaseErrors;
import io.fuxi.platform.database.FuxiDataSource;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * This node's knowledge of which keys made a link for which URL within the same-URL window (ADR 41): when it knows
 * a key made none for a URL, a create needs no query for the same URL. A node alone makes every link, so once it has
 * read the keys and URL hashes of the links made in the last window (at its first create, in the background) it knows
 * them all; clustered, other nodes make links it does not see, and every create asks the database as before.
 * fuxi.links.same-url-filter-pairs bounds it (two bytes a pair; 0 turns it off). Its answers are counted in
 * {@link CreateCounts} (the metric fuxi_same_url_lookups).
 */
@ApplicationScoped
public class RecentUrls {

    private static final Logger LOG = Logger.getLogger(RecentUrls.class.getName());
    private static final int CHUNK = 10_000;
    private static final long RETRY_MILLIS = 30_000;

    @Inject
    BeanManager beans;

    @Inject
    Cluster cluster;

    @Inject
    CreateCounts counts;

    @Resource(lookup = FuxiDataSource.JOBS_JNDI_NAME)
    DataSource database;

    @Resource
    ManagedExecutorService executor;

    @Inject
    @ConfigProperty(name = "fuxi.links.same-url-filter-pairs", defaultValue = "8000000")
    long maxPairs;

    /**
     * The filter's time is the real one, not the application's clock: tests move that clock days ahead and back, and a
     * generation dropped while it was ahead would be missing once it is back.
     */
    private final Clock realTime = Clock.systemUTC();

    private RecentUrlFilter filter;
    private boolean enabled;
    /** When the links of the window may next be read: 0 at first, then after a failed read; MAX_VALUE once begun. */
    private final AtomicLong nextLoadMillis = new AtomicLong();

    @PostConstruct
    void init() {
        counts = Unproxied.of(beans, CreateCounts.class); // on the create path: no client proxy (ADR 53)
        enabled = maxPairs > 0 && !cluster.isClustered();
        filter = new RecentUrlFilter(LinkInserts.SAME_URL_WINDOW, enabled ? maxPairs : 0);
    }

    /** Whether the key may have made a link for the URL (its hash) within the window. */
    public boolean mayHave(long owner, byte[] urlHash) {
        if (enabled) {
            loadOnce();
        }
        boolean maybe = !enabled || filter.mayHave(owner, urlHash, realTime.instant());
        counts.sameUrlAsked(!maybe);
        return maybe;
    }

    /** The key has a link for the URL (its hash), made at {@code createdAt}: a new one, or one whose URL changed. */
    public void add(long owner, byte[] urlHash, Instant createdAt) {
        if (enabled) {
            filter.add(owner, urlHash, later(createdAt, realTime.instant()));
        }
    }

    private static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    private void loadOnce() {
        long due = nextLoadMillis.get();
        if (System.currentTimeMillis() >= due && nextLoadMillis.compareAndSet(due, Long.MAX_VALUE)) {
            executor.execute(this::load);
        }
    }

    /** Reads the key and URL hash of every link made in the window, in chunks by creation; then the filter answers. */
    private void load() {
        Instant start = realTime.instant();
        LocalDateTime after = LocalDateTime.ofInstant(start.minus(LinkInserts.SAME_URL_WINDOW), ZoneOffset.UTC);
        String afterCode = "";
        long read = 0;
        try (Connection connection = database.getConnection();
                PreparedStatement chunk = connection.prepareStatement("SELECT owner_key_id, url_hash, created_at, code"
                        + " FROM link WHERE created_at > ? OR (created_at = ? AND code > ?)"
                        + " ORDER BY created_at, code LIMIT " + CHUNK)) {
            int rows;
            do {
                chunk.setObject(1, after);
                chunk.setObject(2, after);
                chunk.setString(3, afterCode);
                rows = 0;
                try (ResultSet links = chunk.executeQuery()) {
                    while (links.next()) {
                        rows++;
                        after = links.getObject(3, LocalDateTime.class);
                        filter.add(links.getLong(1), links.getBytes(2), later(after.toInstant(ZoneOffset.UTC), start));
                        afterCode = links.getString(4);
                    }
                }
                read += rows;
            } while (rows == CHUNK);
            filter.complete();
            long links = read;
            LOG.fine(() -> "Same-URL filter: " + links + " links of the last window read");
        } catch (SQLException | RuntimeException e) {
            DatabaseErrors.record(e);
            LOG.log(
                    Level.WARNING,
                    "Could not read the links of the last day for the same-URL filter; creates ask"
                            + " the database meanwhile, and the next create after 30 s tries again: " + e);
            nextLoadMillis.set(System.currentTimeMillis() + RETRY_MILLIS);
        }
    }
}
