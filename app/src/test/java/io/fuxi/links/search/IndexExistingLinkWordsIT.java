package io.fuxi.links.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fuxi.it.Rows;
import io.fuxi.it.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Schema version 9 on a real MariaDB that already holds links from before the word index. */
@Tag("database")
class IndexExistingLinkWordsIT {

    private final DataSource database = TestDatabase.dataSource("words_" + System.nanoTime());
    private final Rows rows = new Rows(database);

    @Test
    void linksFromBeforeTheIndexAreIndexedInChunks() throws SQLException {
        Flyway.configure()
                .dataSource(database)
                .locations("classpath:db/migration")
                .target("8")
                .load()
                .migrate();
        int links = 2_345; // more than two chunks
        try (Connection connection = database.getConnection();
                Statement insert = connection.createStatement()) {
            for (int i = 0; i < links; i++) {
                insert.addBatch(
                        "INSERT INTO link (code, url, owner_key_id, created_at, expires_at, url_hash) VALUES ('c" + i
                                + "', 'https://Shop" + (i % 7) + ".example/item/" + i + "', " + (i % 3)
                                + ", NOW(3), NOW(3) + INTERVAL 1 DAY, UNHEX(REPEAT('0', 32)))");
            }
            insert.executeBatch();
        }

        var result = Flyway.configure()
                .dataSource(database)
                .locations("classpath:db/migration")
                .javaMigrations(new IndexExistingLinkWords())
                .target("9")
                .load()
                .migrate();

        assertEquals("9", result.targetSchemaVersion);
        assertEquals(links * 4L, rows.number("SELECT COUNT(*) FROM link_word"), "shopN, example, item and the number");
        assertEquals(links, rows.number("SELECT COUNT(DISTINCT code) FROM link_word"));
        assertEquals(
                List.of("2", "example", "item", "shop2"),
                rows.texts("SELECT word FROM link_word WHERE code = ? ORDER BY word", "c2"));
        assertEquals(
                0,
                rows.number("SELECT COUNT(*) FROM link_word w JOIN link l ON l.code = w.code "
                        + "WHERE w.owner_key_id <> l.owner_key_id OR w.created_at <> l.created_at"));
    }
}
