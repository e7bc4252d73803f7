package io.fuxi.links.search;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The words of a URL that its search index keeps: runs of ASCII letters and digits, lower-cased, after the scheme,
 * with percent escapes treated as separators. A word is cut at {@value #MAX_WORD_LENGTH} characters and a URL keeps
 * its first {@value #MAX_WORDS} distinct words (host and path come first, which is what people search for).
 */
public final class UrlWords {

    public static final int MAX_WORD_LENGTH = 32;
    public static final int MAX_WORDS = 32;

    private UrlWords() {}

    public static Set<String> of(String url) {
        int schemeEnd = url.indexOf("://");
        return words(url.substring(schemeEnd < 0 ? 0 : schemeEnd + 3), MAX_WORDS);
    }

    /** The words of any text, split and cut the same way as a URL's, at most {@code limit} of them. */
    static Set<String> words(String text, int limit) {
        String lower = text.toLowerCase(Locale.ROOT);
        Set<String> words = new LinkedHashSet<>();
        int start = -1;
        for (int i = 0; i <= lower.length() && words.size() < limit; i++) {
            boolean wordChar = i < lower.length() && isWordChar(lower.charAt(i));
            if (wordChar && start < 0) {
                start = i;
            } else if (!wordChar && start >= 0) {
                words.add(lower.substring(start, Math.min(i, start + MAX_WORD_LENGTH)));
                start = -1;
            }
            if (i < lower.length() && lower.charAt(i) == '%' && i + 2 < lower.length()) {
                i += 2; // a percent escape (%2F, %C3…) separates words and is no word of its own
            }
        }
        return words;
    }

    private static boolean isWordChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    }
}
