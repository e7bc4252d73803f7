package io.fuxi.links.search;

import io.fuxi.platform.database.FuxiDataSource;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The words too common among a key's links to drive a search of them (ADR 51): once the index holds more than {@link
 * LinkSearch#FEW} rows of a key for a word, a search never starts from that word, so new links of the key get no row
 * for it. The word is noted in link_word_common before any node leaves it out, so the rows of a word that is not noted
 * are complete.
 *
 * <p>Each node counts the indexed words of the new links it writes, per key; a word met {@link #LOOK_EVERY} times is
 * counted in the index on another thread, and noted once it is past {@link LinkSearch#FEW}. A node learns the words
 * other nodes noted every {@link #RELOAD}; until then it writes their rows, which no search needs and which go with
 * their links.
 */
@ApplicationScoped
public class CommonWords {

    private static final Logger LOG = Logger.getLogger(CommonWords.class.getName());

    /** A word met this many more times in a key's new links on this node is counted in the index again. */
    static final int LOOK_EVERY = 1_000;

    /**
     * Key-and-word pairs counted at most (about 6 MB of heap): past it the counts start again, so the words of single
     * links (numbers, names) do not fill the heap; a word in one new link of fifty still reaches {@link #LOOK_EVERY} in
     * between.
     */
    static final int MAX_COUNTED = 50_000;

    static final Duration RELOAD = Duration.ofMinutes(1);

    @Resource(lookup = FuxiDataSource.JOBS_JNDI_NAME)
    DataSource database;

    @Resource
    ManagedExecutorService executor;

    private final Map<Long, Set<String>> common = new ConcurrentHashMap<>();
    private final Map<OwnerWord, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final Set<OwnerWord> looking = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean loading = new AtomicBoolean();
    private volatile long loadedAt = System.nanoTime() - RELOAD.toNanos() - 1;

    /** The words of a new link's URL that get an index row: {@link UrlWords#indexed} but the key's common ones. */
    public Set<String> indexedWords(long owner, String url) {
        reloadWhenDue();
        Set<String> words = UrlWords.indexed(url);
        Set<String> ownerCommon = common.get(owner);
        if (ownerCommon != null) {
            words.removeAll(ownerCommon);
        }
        for (String word : words) {
            count(new OwnerWord(owner, word));
        }
        return words;
    }

    private void count(OwnerWord word) {
        if (counts.size() >= MAX_COUNTED) {
            counts.clear();
        }
        if (counts.computeIfAbsent(word, key -> new AtomicInteger()).incrementAndGet() % LOOK_EVERY == 0
                && looking.add(word)) {
            run(() -> look(word), () -> looking.remove(word));
        }
    }

    /** Counts the word's rows of the key in the index, and notes the word once they are more than a search reads. */
    void look(OwnerWord word) {
        try (Connection connection = database.getConnection()) {
            if (rowsOf(connection, word) > LinkSearch.FEW) {
                note(connection, word);
                common.computeIfAbsent(word.owner(), owner -> ConcurrentHashMap.newKeySet())
                        .add(word.word());
                LOG.fine(() -> "key " + word.owner() + ": '" + word.word() + "' is in too many links to narrow a"
                        + " search; new links get no index row for it");
            }
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.FINE, "could not count a word in the search index; it is counted again later", e);
        } finally {
            looking.remove(word);
        }
    }

    /** Learns the common words every node noted; on another thread, every {@link #RELOAD}. */
    private void reloadWhenDue() {
        if (System.nanoTime() - loadedAt > RELOAD.toNanos() && loading.compareAndSet(false, true)) {
            run(this::reload, () -> loading.set(false));
        }
    }

    void reload() {
        try (Connection connection = database.getConnection();
                PreparedStatement query =
                        connection.prepareStatement("SELECT owner_key_id, word FROM link_word_common");
                ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                common.computeIfAbsent(rows.getLong(1), owner -> ConcurrentHashMap.newKeySet())
                        .add(rows.getString(2));
            }
            loadedAt = System.nanoTime();
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.FINE, "could not read the common words of the search index; read again later", e);
        } finally {
            loading.set(false);
        }
    }

    private void run(Runnable task, Runnable refused) {
        try {
            executor.execute(task);
        } catch (RejectedExecutionException e) { // the application stops
            refused.run();
        }
    }

    private static long rowsOf(Connection connection, OwnerWord word) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT COUNT(*) FROM (SELECT 1 FROM link_word"
                + " WHERE owner_key_id = ? AND word = ? LIMIT " + (LinkSearch.FEW + 1) + ") c")) {
            query.setLong(1, word.owner());
            query.setString(2, word.word());
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    private static void note(Connection connection, OwnerWord word) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT IGNORE INTO link_word_common (owner_key_id, word, found_at) VALUES (?, ?, UTC_TIMESTAMP(3))")) {
            insert.setLong(1, word.owner());
            insert.setString(2, word.word());
            insert.executeUpdate();
        }
    }

    record OwnerWord(long owner, String word) {}
}
