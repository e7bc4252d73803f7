package io.fuxi.codes.control;

import io.fuxi.platform.database.FuxiDataSource;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Generates batches of codes from the {@link CodePermutation} and bulk-loads them into the code table.
 * <p>
 * Restart-safe: a batch first reserves its permutation positions and sequence numbers in one transaction; rows
 * then go in as multi-row inserts, each chunk committed together with the batch's progress counter and the pool's
 * {@code loaded_seq}, so a batch's codes can be handed out as they arrive (ADR 43) and a batch interrupted half-way
 * is resumed from exactly where it stopped, never loaded twice. Only one generator runs in the whole cluster: it
 * holds the {@link PoolLock}, which the recycler takes too and which it does not append under while a batch is
 * unfinished.
 */
@ApplicationScoped
public class CodeBatchGenerator {

    private static final Logger LOG = Logger.getLogger(CodeBatchGenerator.class.getName());
    /** Rows per INSERT statement and per commit: large enough to amortise round trips, small enough for any max_allowed_packet. */
    static final int CHUNK = 4096;

    /** Loading a batch of millions takes minutes: the jobs' pool. */
    @Resource(lookup = FuxiDataSource.JOBS_JNDI_NAME)
    DataSource dataSource;

    /** The pool's figures are read by requests (status, health), in their transactions: the requests' pool. */
    @Resource(lookup = FuxiDataSource.JNDI_NAME)
    DataSource requests;

    /**
     * Finishes an interrupted batch if there is one, then loads a new batch of {@code size} codes if the unused
     * part of the pool, read under the lock, is below {@code whenRemainingBelow}. Waits up to
     * {@code lockWaitSeconds} for another node's generator; returns false if it could not get the lock.
     */
    public boolean generate(long size, long whenRemainingBelow, int lockWaitSeconds) {
        try (Connection connection = dataSource.getConnection()) {
            if (!PoolLock.take(connection, lockWaitSeconds)) {
                LOG.info("Another node is generating codes; not starting a second generator");
                return false;
            }
            try {
                connection.setAutoCommit(false);
                ensureState(connection);
                Optional<Batch> unfinished = unfinishedBatch(connection);
                if (unfinished.isPresent()) {
                    load(connection, unfinished.get());
                }
                if (size > 0 && PoolRows.remaining(connection) < whenRemainingBelow) {
                    load(connection, newBatch(connection, size));
                }
                return true;
            } finally {
                PoolLock.release(connection);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Code batch generation failed", e);
        }
    }

    /** The unused part of the pool. */
    public long remaining() {
        PoolRows.Counts counts = counts();
        return Math.max(0, counts.loaded() - counts.handedOut());
    }

    /** Codes loaded so far and codes handed out so far. */
    public PoolRows.Counts counts() {
        try (Connection connection = requests.getConnection()) {
            return PoolRows.counts(connection);
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read the code pool state", e);
        }
    }

    /** The first generator ever to run draws the secret permutation key. */
    private static void ensureState(Connection connection) throws SQLException {
        byte[] key = new byte[16];
        new SecureRandom().nextBytes(key);
        PoolRows.createState(connection, key);
        connection.commit();
    }

    private static Optional<Batch> unfinishedBatch(Connection connection) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(
                        "SELECT id, first_seq, first_index, size, loaded FROM code_batch WHERE finished_at IS NULL ORDER BY id LIMIT 1");
                ResultSet row = query.executeQuery()) {
            return row.next()
                    ? Optional.of(
                            new Batch(row.getLong(1), row.getLong(2), row.getLong(3), row.getLong(4), row.getLong(5)))
                    : Optional.empty();
        }
    }

    private static Batch newBatch(Connection connection, long size) throws SQLException {
        PoolRows.Counters counters = PoolRows.lockCounters(connection);
        long loadedSeq = counters.loadedSeq();
        long nextIndex = counters.nextIndex();
        if (nextIndex + size > Base62.SPACE) {
            throw new IllegalStateException("The 6-character code space is used up");
        }
        long id;
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO code_batch (first_seq, first_index, size, loaded, created_at) VALUES (?, ?, ?, 0, UTC_TIMESTAMP(3))",
                PreparedStatement.RETURN_GENERATED_KEYS)) {
            insert.setLong(1, loadedSeq + 1);
            insert.setLong(2, nextIndex);
            insert.setLong(3, size);
            insert.executeUpdate();
            try (ResultSet keys = insert.getGeneratedKeys()) {
                keys.next();
                id = keys.getLong(1);
            }
        }
        PoolRows.setNextIndex(connection, nextIndex + size);
        connection.commit();
        return new Batch(id, loadedSeq + 1, nextIndex, size, 0);
    }

    private void load(Connection connection, Batch batch) throws SQLException {
        CodePermutation permutation = new CodePermutation(PoolRows.permutationKey(connection));
        BatchProgress progress = new BatchProgress(batch.id, batch.size, batch.loaded);
        long loaded = batch.loaded;
        try (PreparedStatement fullChunk = connection.prepareStatement(PoolRows.insertSql(CHUNK));
                PreparedStatement recordProgress =
                        connection.prepareStatement("UPDATE code_batch SET loaded = ? WHERE id = ?")) {
            while (loaded < batch.size) {
                List<String> codes = codes(permutation, batch, loaded, (int) Math.min(CHUNK, batch.size - loaded));
                if (codes.size() == CHUNK) {
                    PoolRows.append(fullChunk, batch.firstSeq + loaded, codes);
                } else {
                    PoolRows.append(connection, batch.firstSeq + loaded, codes);
                }
                loaded += codes.size();
                recordProgress.setLong(1, loaded);
                recordProgress.setLong(2, batch.id);
                recordProgress.executeUpdate();
                PoolRows.setLoadedSeq(
                        connection, batch.firstSeq + loaded - 1); // last: the pool's row is locked briefly
                connection.commit();
                progress.loaded(loaded);
            }
        }
        finish(connection, batch);
        progress.finished();
    }

    /** The batch's codes from position offset on, in the order of their sequence numbers. */
    private static List<String> codes(CodePermutation permutation, Batch batch, long offset, int count) {
        List<String> codes = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            codes.add(permutation.codeAt(batch.firstIndex + offset + i));
        }
        return codes;
    }

    private static void finish(Connection connection, Batch batch) throws SQLException {
        try (PreparedStatement done =
                connection.prepareStatement("UPDATE code_batch SET finished_at = UTC_TIMESTAMP(3) WHERE id = ?")) {
            done.setLong(1, batch.id);
            done.executeUpdate();
        }
        PoolRows.setLoadedSeq(connection, batch.firstSeq + batch.size - 1);
        connection.commit();
    }

    private record Batch(long id, long firstSeq, long firstIndex, long size, long loaded) {}
}
