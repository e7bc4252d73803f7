package io.fuxi.links.search;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The words of a URL that its search index keeps: runs of ASCII letters and digits, lower-cased, after the scheme,
 * with percent escapes treated as separators. A word is cut at {@value #MAX_WORD_LENGTH} characters and a URL keeps
 * its first {@value #MAX_WORDS} distinct words (host and path come first, which is what people search for).
 */
public final class UrlWords {

    public static final int MAX_WORD_LENGTH = 32;
    public static final int MAX_WORDS = 32;

    /**
     * Words in most URLs, which narrow no search: the index keeps no row for them (ADR 42), so a search word that is
     * one of them, or begins one, reads the owner's links instead of the index. Rows written before the list may
     * stay; no search reads them, and a link's words are removed with these included.
     */
    static final Set<String> UNINDEXED = Set.of("www", "com", "org", "net", "html", "htm", "php");

    private UrlWords() {}

    public static Set<String> of(String url) {
        int schemeEnd = url.indexOf("://");
        return words(url.substring(schemeEnd < 0 ? 0 : schemeEnd + 3), MAX_WORDS);
    }

    /** The words of the URL that the search index keeps: {@link #of} without the {@link #UNINDEXED} ones. */
    public static Set<String> indexed(String url) {
        Set<String> words = of(url);
        words.removeAll(UNINDEXED);
        return words;
    }

    /**
     * Whether the index holds every link with the word (whole) or with a word that begins with it: no unindexed word
     * is it, or begins with it.
     */
    static boolean isIndexed(String word, boolean whole) {
        return whole ? !UNINDEXED.contains(word) : UNINDEXED.stream().noneMatch(common -> common.startsWith(word));
    }

    /** The words of any text, split and cut the same way as a URL's, at most {@code limit} of them. */
    static Set<String> words(String text, int limit) {
        Set<String> words = new LinkedHashSet<>();
        scan(text, limit, (word, whole) -> words.add(word));
        return words;
    }

    /**
     * The words of a text that end before its end, uncut: in a search term such a word is followed by more of the
     * term (as {@code shop7} in {@code shop7.example}), so it must be a whole word of the URL.
     */
    static Set<String> wholeWords(String text, int limit) {
        Set<String> words = new LinkedHashSet<>();
        scan(text, limit, (word, whole) -> {
            if (whole) {
                words.add(word);
            }
        });
        return words;
    }

    /**
     * Each word of the text, in order, with whether the text goes on after it and it was not cut; until {@code limit}
     * distinct words have been seen.
     */
    private static void scan(String text, int limit, BiConsumer<String, Boolean> word) {
        String lower = text.toLowerCase(Locale.ROOT);
        Set<String> seen = new HashSet<>();
        int start = -1;
        for (int i = 0; i <= lower.length() && seen.size() < limit; i++) {
            boolean wordChar = i < lower.length() && isWordChar(lower.charAt(i));
            if (wordChar && start < 0) {
                start = i;
            } else if (!wordChar && start >= 0) {
                String found = lower.substring(start, Math.min(i, start + MAX_WORD_LENGTH));
                seen.add(found);
                word.accept(found, i < lower.length() && i - start <= MAX_WORD_LENGTH);
                start = -1;
            }
            if (i < lower.length() && lower.charAt(i) == '%' && i + 2 < lower.length()) {
                i += 2; // a percent escape (%2F, %C3…) separates words and is no word of its own
            }
        }
    }

    private static boolean isWordChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    }
}
