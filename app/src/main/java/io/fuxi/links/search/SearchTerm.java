package io.fuxi.links.search;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a URL search asks for. The text is split at white space into parts; a link matches when every part appears
 * in its URL (ignoring case) and every word of the term begins a word of the URL, or is one when more of its part
 * follows it. So {@code shop7.example} finds {@code https://shop7.example/item/1} but not
 * {@code https://shop70.example/}, {@code shop} finds both, and {@code xample} finds nothing: words are matched from
 * their start, which is what lets an index answer instead of a scan, and a whole word is looked up exactly.
 *
 * @param wholeWords the words followed by more of their part, which must be whole words of the URL
 */
public record SearchTerm(List<String> parts, Set<String> words, Set<String> wholeWords) {

    /** More words than this add little to a search and only cost index lookups. */
    static final int MAX_WORDS = 8;

    public static SearchTerm of(String text) {
        List<String> parts = Arrays.stream(text.toLowerCase(Locale.ROOT).trim().split("\\s+"))
                .filter(part -> !part.isEmpty())
                .distinct()
                .toList();
        Set<String> words = UrlWords.words(String.join(" ", parts), MAX_WORDS);
        Set<String> wholeWords = new LinkedHashSet<>();
        parts.forEach(part -> UrlWords.wholeWords(part, MAX_WORDS).stream()
                .filter(words::contains)
                .forEach(wholeWords::add));
        return new SearchTerm(parts, words, wholeWords);
    }

    /** Whether the word must be a whole word of the URL, not only begin one. */
    public boolean isWhole(String word) {
        return wholeWords.contains(word);
    }

    /**
     * Whether every word of the term begins a word of the URL, or is one if it is whole (as the index keeps the URL's
     * words).
     */
    public boolean wordsBegin(String url) {
        Set<String> urlWords = UrlWords.of(url);
        return words.stream()
                .allMatch(word -> isWhole(word)
                        ? urlWords.contains(word)
                        : urlWords.stream().anyMatch(urlWord -> urlWord.startsWith(word)));
    }

    /**
     * A term without letters or digits, or with characters no stored URL has (they are percent-encoded ASCII),
     * matches no link; such a term is answered without asking the database.
     */
    public boolean canMatch() {
        return !words.isEmpty() && parts.stream().allMatch(part -> part.chars().allMatch(c -> c > ' ' && c < 127));
    }
}
