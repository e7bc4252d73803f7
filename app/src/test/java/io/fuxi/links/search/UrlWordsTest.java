package io.fuxi.links.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class UrlWordsTest {

    @Test
    void wordsAreLowerCaseRunsOfLettersAndDigitsAfterTheScheme() {
        assertEquals(
                List.of("shop7", "example", "item", "42", "q", "red", "shoes"),
                List.copyOf(UrlWords.of("https://Shop7.Example/Item/42?q=Red-Shoes#item")));
    }

    @Test
    void percentEscapesSeparateWordsAndAreNoWordsThemselves() {
        assertEquals(
                List.of("example", "com", "caf", "a", "b"),
                List.copyOf(UrlWords.of("http://example.com/caf%C3%A9/a%20b")));
        assertEquals(
                List.of("x", "y"), List.copyOf(UrlWords.of("http://x/y%")), "a broken escape at the end is skipped");
    }

    @Test
    void theIndexLeavesOutWordsInMostUrls() {
        assertEquals(
                List.of("example", "shop", "index"),
                List.copyOf(UrlWords.indexed("https://WWW.Example.com/shop/index.html")));
        assertEquals(
                List.of("www", "example", "com", "shop", "index", "html"),
                List.copyOf(UrlWords.of("https://WWW.Example.com/shop/index.html")),
                "a link's words are still all of them");
    }

    @Test
    void aSearchWordThatIsOrBeginsAnUnindexedWordCannotUseTheIndex() {
        assertEquals(false, UrlWords.isIndexed("com", true));
        assertEquals(false, UrlWords.isIndexed("com", false));
        assertEquals(false, UrlWords.isIndexed("co", false), "co begins com: the index lacks links with com only");
        assertEquals(true, UrlWords.isIndexed("co", true), "a whole co is no com");
        assertEquals(true, UrlWords.isIndexed("comet", false));
        assertEquals(true, UrlWords.isIndexed("example", false));
        assertEquals(false, UrlWords.isIndexed("h", false));
    }

    @Test
    void longWordsAreCutAndAUrlKeepsItsFirstWords() {
        String longWord = "a".repeat(100);
        assertEquals(
                Set.of("example", "a".repeat(UrlWords.MAX_WORD_LENGTH)), UrlWords.of("https://example/" + longWord));
        StringBuilder many = new StringBuilder("https://example/");
        for (int i = 0; i < 100; i++) {
            many.append("w").append(i).append('/');
        }
        Set<String> words = UrlWords.of(many.toString());
        assertEquals(UrlWords.MAX_WORDS, words.size());
        assertEquals("example", words.iterator().next());
    }

    @Test
    void aUrlWithoutWordsHasNone() {
        assertEquals(Set.of(), UrlWords.of("https://"));
        assertEquals(Set.of(), UrlWords.of("--/--"));
    }
}
