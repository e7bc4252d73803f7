package io.fuxi.codes.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fuxi.codes.boundary.CodeRecycling;
import io.fuxi.it.Rows;
import io.fuxi.it.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The batch generator against a real MariaDB, each test on a freshly migrated database of its own. */
@Tag("database")
class CodeBatchGeneratorIT {

    private static int databases;

    private DataSource database;
    private Rows rows;
    private CodeBatchGenerator generator;

    @BeforeEach
    void freshDatabase() {
        database = TestDatabase.migrated("pool_" + (++databases));
        generator = new CodeBatchGenerator();
        generator.dataSource = database;
        generator.requests = database;
        rows = new Rows(database);
    }

    @Test
    void batchesAreDenseDistinctAndDistinctFromEachOther() {
        assertTrue(generator.generate(150_000, Long.MAX_VALUE, 0));
        assertTrue(generator.generate(150_000, Long.MAX_VALUE, 0));
        assertEquals(300_000, rows.number("SELECT COUNT(*) FROM code_pool"));
        assertEquals(300_000, rows.number("SELECT COUNT(DISTINCT code) FROM code_pool"));
        assertEquals(1, rows.number("SELECT MIN(seq) FROM code_pool"));
        assertEquals(300_000, rows.number("SELECT MAX(seq) FROM code_pool"));
        assertEquals(300_000, rows.number("SELECT loaded_seq FROM code_pool_state"));
        assertEquals(
                300_000, rows.number("SELECT COUNT(*) FROM code_pool WHERE code REGEXP BINARY '^[0-9A-Za-z]{6}$'"));
        assertEquals(300_000, generator.remaining());
    }

    @Test
    void aNewBatchIsMadeOnlyBelowTheGivenLevel() {
        generator.generate(10_000, 1, 0);
        generator.generate(10_000, 1, 0); // not empty: nothing added
        assertEquals(10_000, rows.number("SELECT COUNT(*) FROM code_pool"));
        generator.generate(10_000, 10_001, 0);
        assertEquals(20_000, rows.number("SELECT COUNT(*) FROM code_pool"));
    }

    /** The generator's connection dies half-way through a batch; the next run finishes it, nothing twice. */
    @Test
    void anInterruptedBatchIsFinishedNotDuplicated() throws Exception {
        generator.generate(50_000, Long.MAX_VALUE, 0);
        CompletableFuture<Boolean> interrupted =
                CompletableFuture.supplyAsync(() -> generator.generate(2_000_000, Long.MAX_VALUE, 0));
        long loaded = awaitProgress();
        rows.execute("KILL CONNECTION " + rows.number("SELECT IS_USED_LOCK('fuxi.code-pool.generator')"));
        assertThrows(Exception.class, interrupted::join);
        awaitLockFreed(); // the server has ended the killed session: its last transaction committed or rolled back
        long committed = rows.number("SELECT loaded FROM code_batch WHERE id = 2");
        assertTrue(loaded > 0 && committed >= loaded && committed < 2_000_000);
        assertEquals(
                50_000 + committed,
                rows.number("SELECT loaded_seq FROM code_pool_state"),
                "the committed chunks of an unfinished batch are handed out, and nothing past them");
        assertEquals(50_000 + committed, rows.number("SELECT COUNT(*) FROM code_pool"));
        rows.execute("INSERT INTO recycled_code (code, purged_at) SELECT code, UTC_TIMESTAMP(3) - INTERVAL 1 DAY"
                + " FROM code_pool WHERE seq <= 3");
        CodeRecycling recycling = new CodeRecycling(database);
        assertEquals(0, recycling.release(Duration.ZERO), "the unfinished batch's sequence numbers come first");

        assertTrue(generator.generate(0, 0, 10));

        assertEquals(2_050_000, rows.number("SELECT COUNT(*) FROM code_pool"));
        assertEquals(2_050_000, rows.number("SELECT COUNT(DISTINCT code) FROM code_pool"));
        assertEquals(2_050_000, rows.number("SELECT MAX(seq) FROM code_pool"));
        assertEquals(2_050_000, rows.number("SELECT loaded_seq FROM code_pool_state"));
        assertEquals(0, rows.number("SELECT COUNT(*) FROM code_batch WHERE finished_at IS NULL"));
        assertEquals(3, recycling.release(Duration.ZERO));
        assertEquals(2_050_003, rows.number("SELECT loaded_seq FROM code_pool_state"));
        assertEquals(2_050_003, rows.number("SELECT MAX(seq) FROM code_pool"));
    }

    @Test
    void onlyOneGeneratorRunsAtATime() throws Exception {
        try (Connection holder = database.getConnection();
                PreparedStatement lock = holder.prepareStatement("SELECT GET_LOCK('fuxi.code-pool.generator', 0)")) {
            lock.executeQuery().close();
            assertFalse(generator.generate(1000, Long.MAX_VALUE, 0));
            assertEquals(0, rows.number("SELECT COUNT(*) FROM code_pool"));
            // Released explicitly: a closed connection's locks go only once the server has ended its session,
            // which happens after close() returns, so a generator started right away could still find it held.
            try (PreparedStatement release =
                    holder.prepareStatement("SELECT RELEASE_LOCK('fuxi.code-pool.generator')")) {
                release.executeQuery().close();
            }
        }
        assertTrue(generator.generate(1000, Long.MAX_VALUE, 0));
        assertEquals(1000, rows.number("SELECT COUNT(*) FROM code_pool"));
    }

    private void awaitLockFreed() throws Exception {
        Instant deadline = Instant.now().plusSeconds(60);
        while (rows.number("SELECT IS_FREE_LOCK('fuxi.code-pool.generator')") != 1) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("the killed generator's session still holds its lock after 60 s");
            }
            Thread.sleep(20);
        }
    }

    private long awaitProgress() throws Exception {
        Instant deadline = Instant.now().plusSeconds(60);
        while (Instant.now().isBefore(deadline)) {
            long loaded = rows.number("SELECT COALESCE(MAX(loaded), 0) FROM code_batch WHERE id = 2");
            if (loaded > 100_000) {
                return loaded;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the second batch made no progress in 60 s");
    }
}
