package io.fuxi.links.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fuxi.it.Rows;
import io.fuxi.it.TestDatabase;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Set;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Which words new links get no index row for (ADR 51), against a real MariaDB, each test on a freshly migrated
 * database; the node's background tasks run at once, on the caller's thread.
 */
@Tag("database")
class CommonWordsIT {

    private static final String URL = "https://shop.example/item/";

    private Rows rows;
    private CommonWords words;

    @BeforeEach
    void freshDatabase() {
        DataSource database = TestDatabase.migrated("commonwords");
        rows = new Rows(database);
        words = new CommonWords();
        words.database = database;
        words.executor = (ManagedExecutorService) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {ManagedExecutorService.class}, (proxy, method, args) -> {
                    if (method.getName().equals("execute")) {
                        ((Runnable) args[0]).run();
                        return null;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void aWordPastWhatASearchReadsIsNotedWhenTheNodeLooksAndLeftOutOfNewLinks() {
        indexRows(1, "shop", LinkSearch.FEW + 1);
        indexRows(1, "item", LinkSearch.FEW); // as many as a search reads: it may still drive one
        indexRows(2, "example", LinkSearch.FEW + 1);

        for (int i = 1; i < CommonWords.LOOK_EVERY; i++) {
            assertEquals(Set.of("shop", "example", "item", "n" + i), words.indexedWords(1, URL + "n" + i));
        }
        assertEquals(0, rows.number("SELECT COUNT(*) FROM link_word_common"), "no look before the 1,000th link");

        assertEquals(Set.of("shop", "example", "item", "last"), words.indexedWords(1, URL + "last"));

        assertEquals(
                List.of("1 shop"),
                rows.texts("SELECT CONCAT(owner_key_id, ' ', word) FROM link_word_common"),
                "only the word of the key past the limit");
        assertEquals(Set.of("example", "item", "next"), words.indexedWords(1, URL + "next"));
        assertEquals(
                Set.of("shop", "example", "item", "next"), words.indexedWords(3, URL + "next"), "another key's link");
    }

    @Test
    void wordsOtherNodesNotedAreLearnedFromTheTable() {
        rows.execute(
                "INSERT INTO link_word_common (owner_key_id, word, found_at) VALUES (5, 'item', UTC_TIMESTAMP(3))");

        assertEquals(Set.of("shop", "example", "one"), words.indexedWords(5, URL + "one"), "read at the first link");
        assertEquals(
                Set.of("shop", "example", "item", "two"), words.indexedWords(6, URL + "two"), "common for key 5 only");
    }

    /** Index rows of the word for {@code count} links of the key, made by the database (its sequence engine). */
    private void indexRows(long owner, String word, int count) {
        rows.execute(
                "INSERT INTO link_word (owner_key_id, word, created_at, code)"
                        + " SELECT ?, ?, NOW(3), CONCAT('c', seq) FROM seq_1_to_" + count,
                owner,
                word);
    }
}
