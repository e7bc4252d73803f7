package io.fuxi.clicks.control;

import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts by a short key (a referrer host, a country), bounded: once {@code limit} keys are counted, clicks under a
 * new key are counted under {@link #OTHER}. Stored as ASCII lines of {@code key<TAB>count}; keys never hold a tab or a
 * line break (callers pass only host names and country codes).
 */
public final class KeyCounts {

    /** Where the clicks of keys beyond the limit go: not a host name or a country code, so it cannot clash with one. */
    public static final String OTHER = "(other)";

    private final int limit;
    private final Map<String, Long> counts = new HashMap<>();

    public KeyCounts(int limit) {
        this.limit = limit;
    }

    /** Counts them under the key, or under {@link #OTHER} when {@code limit} other keys are counted already. */
    public void add(String key, long clicks) {
        if (!counts.containsKey(key) && keys() >= limit) {
            key = OTHER;
        }
        counts.merge(key, clicks, Long::sum);
    }

    /** The keys counted, {@link #OTHER} not among them: it holds no place of a key. */
    private int keys() {
        return counts.size() - (counts.containsKey(OTHER) ? 1 : 0);
    }

    public void addAll(KeyCounts other) {
        other.counts.forEach(this::add);
    }

    public boolean isEmpty() {
        return counts.isEmpty();
    }

    /** The same counts, apart from these. */
    public KeyCounts copy() {
        KeyCounts copy = new KeyCounts(limit);
        copy.counts.putAll(counts);
        return copy;
    }

    public void clear() {
        counts.clear();
    }

    /** The {@code n} keys with the most clicks, most first. */
    public List<Map.Entry<String, Long>> top(int n) {
        return counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(Map.Entry.comparingByKey()))
                .limit(n)
                .toList();
    }

    public byte[] encode() {
        StringBuilder text = new StringBuilder();
        counts.forEach(
                (key, clicks) -> text.append(key).append('\t').append(clicks).append('\n'));
        return text.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** Counts from their stored form, skipping any line that is not {@code key<TAB>count}. */
    public static KeyCounts decode(byte[] stored, int limit) {
        KeyCounts decoded = new KeyCounts(limit);
        if (stored != null) {
            for (String line : new String(stored, StandardCharsets.US_ASCII).split("\n")) {
                int tab = line.indexOf('\t');
                if (tab > 0) {
                    try {
                        decoded.add(line.substring(0, tab), Long.parseLong(line.substring(tab + 1)));
                    } catch (NumberFormatException e) {
                        // not a count: skipped
                    }
                }
            }
        }
        return decoded;
    }
}
