package io.fuxi.clicks.control;

/**
 * What one link got on one day, since the last flush (or, when read back for a merge, in a stored row): clicks by
 * people and by bots, distinct visitors, referrer hosts and countries.
 */
public final class ClickTally {

    /** Referrer hosts kept per link, day and slot; the rest count as {@link KeyCounts#OTHER}. */
    public static final int MAX_REFERRERS = 50;

    /** Countries kept per link, day and slot (there are fewer than 260 country codes). */
    public static final int MAX_COUNTRIES = 300;

    private long clicks;
    private long botClicks;
    private final VisitorSketch visitors;
    private final KeyCounts referrers;
    private final KeyCounts countries;

    public ClickTally() {
        this(0, 0, new VisitorSketch(), new KeyCounts(MAX_REFERRERS), new KeyCounts(MAX_COUNTRIES));
    }

    public ClickTally(long clicks, long botClicks, VisitorSketch visitors, KeyCounts referrers, KeyCounts countries) {
        this.clicks = clicks;
        this.botClicks = botClicks;
        this.visitors = visitors;
        this.referrers = referrers;
        this.countries = countries;
    }

    /**
     * One redirect.
     *
     * @param referrerHost the referring page's host, or null
     * @param country      the client's country code, or null when unknown
     */
    public void count(boolean bot, long visitorHash, String referrerHost, String country) {
        if (bot) {
            botClicks++;
        } else {
            clicks++;
        }
        visitors.add(visitorHash);
        if (referrerHost != null) {
            referrers.add(referrerHost, 1);
        }
        if (country != null) {
            countries.add(country, 1);
        }
    }

    /**
     * What this tally counted, as a tally of its own; this one starts again from nothing and keeps its memory, so that
     * a link clicked in every interval between flushes keeps one tally that lives in the old generation, instead of a
     * new one that every young collection copies (ADR 35).
     */
    public ClickTally takeCounts() {
        ClickTally taken = new ClickTally(clicks, botClicks, visitors.copy(), referrers.copy(), countries.copy());
        clicks = 0;
        botClicks = 0;
        visitors.clear();
        referrers.clear();
        countries.clear();
        return taken;
    }

    /** No click since it was made or since its counts were taken. */
    public boolean isEmpty() {
        return clicks == 0 && botClicks == 0;
    }

    public void addAll(ClickTally other) {
        clicks += other.clicks;
        botClicks += other.botClicks;
        visitors.addAll(other.visitors);
        referrers.addAll(other.referrers);
        countries.addAll(other.countries);
    }

    public long clicks() {
        return clicks;
    }

    public long botClicks() {
        return botClicks;
    }

    public VisitorSketch visitors() {
        return visitors;
    }

    public KeyCounts referrers() {
        return referrers;
    }

    public KeyCounts countries() {
        return countries;
    }
}
