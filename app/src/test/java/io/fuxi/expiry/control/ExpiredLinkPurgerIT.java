package io.fuxi.expiry.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fuxi.codes.boundary.CodeRecycling;
import io.fuxi.expiry.boundary.ExpiryOptions;
import io.fuxi.expiry.boundary.PurgeReport;
import io.fuxi.it.Rows;
import io.fuxi.it.TestDatabase;
import io.fuxi.links.boundary.ExpiredLinks;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The purge against a real MariaDB, each test on a freshly migrated database of its own, at a fixed "now": links
 * expired an hour ago (expires_at "now - 1 h - i ms", so they go in a known order) and links that live on.
 */
@Tag("database")
class ExpiredLinkPurgerIT {

    private static final Instant NOW = Instant.parse("2028-06-01T12:00:00Z");
    private static final ExpiryOptions HOLD = options(1000, Duration.ofHours(1));
    private static final String LINKS =
            "INSERT INTO link (code, url, owner_key_id, created_at, expires_at, url_hash) VALUES ";
    private static final String WORDS = "INSERT INTO link_word (owner_key_id, word, created_at, code) VALUES ";

    private DataSource database;
    private Rows rows;

    @BeforeEach
    void freshDatabase() {
        database = TestDatabase.migrated("purge");
        rows = new Rows(database);
        rows.execute(
                "INSERT INTO code_pool_state (id, permutation_key, next_index, next_seq, loaded_seq) VALUES (1, x'00', 0, 1, 0)");
    }

    @Test
    void expiredLinksGoInBatchesWithTheirWordsAndTheirGeneratedCodesAreHeld() throws SQLException {
        List<String> expired = links(2_500, true);
        links(100, false);
        insertLink("my-alias", true, 0);

        PurgeReport report = purger().purge(HOLD, false, codes -> {});

        assertTrue(report.ran() && report.complete(), report.toString());
        assertEquals(2_501, report.linksPurged());
        assertEquals(2_500, report.codesHeld(), "an alias never goes to the pool");
        assertEquals(3, report.batches());
        assertEquals(0, report.codesReleased(), "held for an hour first");
        assertEquals(100, rows.number("SELECT COUNT(*) FROM link"));
        assertEquals(100, rows.number("SELECT COUNT(*) FROM link_word"));
        assertEquals(
                0,
                rows.number(
                        "SELECT COUNT(*) FROM link_word w WHERE NOT EXISTS (SELECT 1 FROM link l WHERE l.code = w.code)"));
        assertEquals(2_500, rows.number("SELECT COUNT(*) FROM recycled_code"));
        assertEquals(expired.stream().sorted().toList(), rows.texts("SELECT code FROM recycled_code ORDER BY code"));
        assertFalse(
                purger().purge(HOLD, true, codes -> {}).ran(), "a scheduled run waits an interval after the last one");
    }

    @Test
    void anExpiredLinksTagsGoWithItAndALiveLinksStay() throws SQLException {
        insertLink("gone-tagged", true, 0);
        insertLink("kept-tagged", false, 0);
        for (String code : List.of("gone-tagged", "kept-tagged")) {
            rows.execute("UPDATE link SET tags = 'sale spring' WHERE code = '" + code + "'");
            rows.execute("INSERT INTO link_tag (owner_key_id, tag, created_at, code) VALUES (1, 'sale', '2028-01-01', '"
                    + code + "'), (1, 'spring', '2028-01-01', '" + code + "')");
        }

        PurgeReport report = purger().purge(HOLD, false, codes -> {});

        assertEquals(1, report.linksPurged(), report.toString());
        assertEquals(List.of("kept-tagged", "kept-tagged"), rows.texts("SELECT code FROM link_tag ORDER BY tag"));
    }

    @Test
    void heldCodesGoToTheEndOfThePoolOnceAndOnlyOnce() throws SQLException {
        List<String> expired = links(1_500, true);
        long loadedBefore = rows.number("SELECT loaded_seq FROM code_pool_state");
        purger().purge(HOLD, false, codes -> {});

        PurgeReport release = purger().purge(options(1000, Duration.ZERO), false, codes -> {});

        assertEquals(1_500, release.codesReleased());
        assertEquals(0, rows.number("SELECT COUNT(*) FROM recycled_code"));
        assertEquals(loadedBefore + 1_500, rows.number("SELECT loaded_seq FROM code_pool_state"));
        List<String> appended = rows.texts("SELECT code FROM code_pool WHERE seq > " + loadedBefore + " ORDER BY code");
        assertEquals(expired.stream().sorted().toList(), appended);
        assertEquals(
                0,
                rows.number(
                        "SELECT COUNT(*) FROM (SELECT code FROM code_pool WHERE seq >= (SELECT next_seq FROM code_pool_state) "
                                + "GROUP BY code HAVING COUNT(*) > 1) twice"),
                "no code waits in the pool twice");
        assertEquals(
                0,
                purger().purge(options(1000, Duration.ZERO), false, codes -> {}).codesReleased(),
                "nothing released twice");
    }

    @Test
    void aLinkThatDidNotExpireBeforeTheRunStartedStays() {
        insertLink("justLive", false, 0);
        rows.execute(
                "UPDATE link SET expires_at = '2028-06-01 12:00:00.000' WHERE code = 'justLive'"); // expires exactly
        // now
        assertEquals(0, purger().purge(HOLD, false, codes -> {}).linksPurged());
        assertEquals(1, rows.number("SELECT COUNT(*) FROM link"));
    }

    @Test
    void twoPurgersStartedTogetherNeverBothRun() throws Exception {
        links(3_000, true);
        ExpiryOptions oncePerHour = new ExpiryOptions(true, 3600, 100, 60, Duration.ZERO, Duration.ofHours(1));
        CyclicBarrier together = new CyclicBarrier(2);
        List<CompletableFuture<PurgeReport>> runs = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            ExpiredLinkPurger purger = purger();
            runs.add(CompletableFuture.supplyAsync(() -> {
                await(together);
                return purger.purge(oncePerHour, true, codes -> {});
            }));
        }
        List<PurgeReport> reports = runs.stream().map(CompletableFuture::join).toList();

        assertEquals(1, reports.stream().filter(PurgeReport::ran).count(), reports.toString());
        assertEquals(3_000, reports.stream().mapToLong(PurgeReport::linksPurged).sum());
        assertEquals(3_000, rows.number("SELECT COUNT(*) FROM recycled_code"));
    }

    /**
     * A purger stopped mid-batch leaves whole batches only. Another transaction has inserted (not committed) a held
     * code of the third batch, so the purger waits there after it has deleted that batch's links and words, just
     * before it holds their codes; then its connection is killed.
     */
    @Test
    void aPurgeInterruptedHalfWayLeavesNothingInconsistentAndItsLeaseExpires() throws Exception {
        List<String> expired = links(3_000, true);
        ExpiryOptions shortLease = new ExpiryOptions(true, 60, 500, 5, Duration.ZERO, Duration.ofHours(1));
        ExpiredLinkPurger first = purger();
        CompletableFuture<PurgeReport> interrupted;
        try (Connection blocker = database.getConnection()) {
            blocker.setAutoCommit(false);
            String third = expired.get(1_000); // the first link of the third batch
            blocker.createStatement()
                    .executeUpdate("INSERT INTO recycled_code (code, purged_at) VALUES ('" + third + "', NOW())");
            interrupted = CompletableFuture.supplyAsync(() -> first.purge(shortLease, false, codes -> {}));
            rows.execute("KILL CONNECTION " + awaitPurgerAt(third));
            assertThrows(Exception.class, interrupted::join);
            assertFalse(purger().purge(shortLease, false, codes -> {}).ran(), "the dead purger's lease still holds");
            blocker.rollback();
        }

        assertEquals(2_000, rows.number("SELECT COUNT(*) FROM link"), "two whole batches gone, the third rolled back");
        assertEquals(1_000, rows.number("SELECT COUNT(*) FROM recycled_code"));
        assertEquals(0, rows.number("SELECT COUNT(*) FROM link l JOIN recycled_code r ON r.code = l.code"));
        assertEquals(2_000, rows.number("SELECT COUNT(*) FROM link_word"));
        assertEquals(
                0,
                rows.number(
                        "SELECT COUNT(*) FROM link_word w WHERE NOT EXISTS (SELECT 1 FROM link l WHERE l.code = w.code)"));
        assertEquals(first.node, rows.text("SELECT holder FROM job_lease WHERE name = 'expiry-purge'"));

        rows.execute(
                "UPDATE job_lease SET expires_at = UTC_TIMESTAMP(3) - INTERVAL 1 SECOND WHERE name = 'expiry-purge'"); // its 5 s are up
        PurgeReport rest = purger().purge(shortLease, false, codes -> {});
        assertTrue(rest.ran() && rest.complete());
        assertEquals(2_000, rest.linksPurged());
        assertEquals(0, rows.number("SELECT COUNT(*) FROM link"));
        assertEquals(3_000, rows.number("SELECT COUNT(*) FROM recycled_code"));
        assertNotNull(
                rows.text("SELECT last_finished_at FROM job_lease WHERE name = 'expiry-purge' AND holder IS NULL"));
    }

    private ExpiredLinkPurger purger() {
        ExpiredLinkPurger purger = new ExpiredLinkPurger();
        purger.dataSource = database;
        purger.clock = Clock.fixed(NOW, ZoneOffset.UTC);
        purger.links = new ExpiredLinks();
        purger.codes = new CodeRecycling(database);
        return purger;
    }

    private static ExpiryOptions options(int batchSize, Duration recycleDelay) {
        return new ExpiryOptions(true, 60, batchSize, 60, Duration.ZERO, recycleDelay);
    }

    /** Links with codes taken from the pool (as the application would), each with one search word. */
    private List<String> links(int count, boolean expired) throws SQLException {
        long first = rows.number("SELECT next_seq FROM code_pool_state");
        long loaded = rows.number("SELECT loaded_seq FROM code_pool_state");
        List<String> codes = new ArrayList<>();
        List<String> pool = new ArrayList<>();
        List<String> links = new ArrayList<>();
        List<String> words = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String code = code(loaded + 1 + i);
            codes.add(code);
            pool.add("(" + (loaded + 1 + i) + ", '" + code + "')");
            links.add(linkRow(code, expired, i));
            words.add(wordRow(code));
        }
        try (Connection connection = database.getConnection();
                Statement insert = connection.createStatement()) {
            insert.executeUpdate("INSERT INTO code_pool (seq, code) VALUES " + String.join(", ", pool));
            insert.executeUpdate(
                    "UPDATE code_pool_state SET loaded_seq = " + (loaded + count) + ", next_seq = " + (first + count));
            insert.executeUpdate(LINKS + String.join(", ", links));
            insert.executeUpdate(WORDS + String.join(", ", words));
        }
        return codes;
    }

    /** A 6-character base62 code, distinct for each sequence number (the real pool's permutation is not needed here). */
    private static String code(long seq) {
        return "T" + String.format("%05d", seq);
    }

    private void insertLink(String code, boolean expired, int order) {
        rows.execute(LINKS + linkRow(code, expired, order));
        rows.execute(WORDS + wordRow(code));
    }

    /** A link of owner 1 that expired an hour before NOW (plus {@code order} ms, which sets the purge's order) or lives a day on. */
    private static String linkRow(String code, boolean expired, int order) {
        String expiresAt = "'2028-06-01 12:00:00' "
                + (expired ? "- INTERVAL 1 HOUR + INTERVAL " + order + " * 1000 MICROSECOND" : "+ INTERVAL 1 DAY");
        return "('" + code + "', 'https://example.com/" + code + "', 1, '2028-01-01', " + expiresAt
                + ", x'00000000000000000000000000000000')";
    }

    private static String wordRow(String code) {
        return "(1, 'example', '2028-01-01', '" + code + "')";
    }

    /** The purger's connection once it waits to hold the given code: only the third batch's INSERT names it. */
    private long awaitPurgerAt(String code) throws Exception {
        Instant deadline = Instant.now().plusSeconds(30);
        while (Instant.now().isBefore(deadline)) {
            String id = rows.text(
                    "SELECT MAX(ID) FROM information_schema.PROCESSLIST WHERE INFO LIKE 'INSERT INTO recycled_code%(''"
                            + code + "''%'");
            if (id != null) {
                return Long.parseLong(id);
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the purger never reached the third batch");
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
