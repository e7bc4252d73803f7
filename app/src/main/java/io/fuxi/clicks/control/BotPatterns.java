package io.fuxi.clicks.control;

import io.fuxi.platform.rest.Jsons;
import jakarta.json.JsonArray;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Tells bots from people by their User-Agent, with the maintained crawler-user-agents list (MIT, from npm, packed
 * into the WAR at build time): about 1,500 patterns. Plain-text patterns are searched as text, the others as one
 * regular expression. Only the first {@value #MAX_AGENT_LENGTH} characters of an agent are looked at, and answers are
 * remembered for {@value #CACHE_SIZE} agents, so a repeated agent costs a map lookup. An absent or empty agent is a
 * bot: no browser sends none. Not thread-safe: the aggregator's one thread uses it.
 */
public final class BotPatterns {

    static final String RESOURCE = "/io/fuxi/clicks/crawler-user-agents.json";
    static final int MAX_AGENT_LENGTH = 512;
    static final int CACHE_SIZE = 10_000;
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9 _/;:,=@~'\"%&<>#!-]+");

    private final String[] plain;
    private final Pattern patterns;
    private final int size;
    private final Map<String, Boolean> answers = new HashMap<>();

    BotPatterns(List<String> sources) {
        List<String> literal = new ArrayList<>();
        List<String> regex = new ArrayList<>();
        for (String source : sources) {
            try {
                Pattern.compile(source);
            } catch (PatternSyntaxException e) {
                continue; // a pattern Java cannot read: skipped rather than sinking the rest
            }
            (PLAIN.matcher(source).matches() ? literal : regex).add(source);
        }
        this.plain = literal.toArray(String[]::new);
        this.patterns = regex.isEmpty()
                ? null
                : Pattern.compile(String.join(
                        "|", regex.stream().map(p -> "(?:" + p + ")").toList()));
        this.size = literal.size() + regex.size();
    }

    /** The list packed into the WAR. */
    public static BotPatterns bundled() {
        try (InputStream in = BotPatterns.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing: the build packs it from npm");
            }
            try (JsonReader reader = Jsons.reader(in)) {
                JsonArray entries = reader.readArray();
                return new BotPatterns(entries.stream()
                        .map(entry -> entry.asJsonObject().getString("pattern"))
                        .toList());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How many patterns are in use. */
    public int size() {
        return size;
    }

    public boolean isBot(String userAgent) {
        if (userAgent == null || userAgent.isBlank()) {
            return true;
        }
        String agent = userAgent.length() > MAX_AGENT_LENGTH ? userAgent.substring(0, MAX_AGENT_LENGTH) : userAgent;
        Boolean known = answers.get(agent);
        if (known != null) {
            return known;
        }
        boolean bot = matches(agent);
        if (answers.size() >= CACHE_SIZE) {
            answers.clear(); // the cheapest bound; the agents that matter come back at once
        }
        answers.put(agent, bot);
        return bot;
    }

    private boolean matches(String agent) {
        for (String text : plain) {
            if (agent.contains(text)) {
                return true;
            }
        }
        return patterns != null && patterns.matcher(agent).find();
    }
}
