package io.fuxi.clicks.control;

import io.fuxi.platform.web.ClientAddress;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns raw clicks into tallies per link and day, and totals per hour across all links, off the redirect threads: tells bots from people, hashes the
 * visitor, takes the referrer's host and looks up the country. At most {@code maxPendingLinkDays} tallies wait for
 * a flush (each a few hundred bytes, at most about 2.5 KiB with a dense visitor sketch); a click for another link or
 * day beyond that bound is dropped and counted, while the links already waiting go on counting. A flush takes the
 * tallies' counts and leaves the tallies of the links it found clicked, empty, for the next interval; those not clicked
 * again by the next flush are let go then, or earlier when the bound needs their room (ADR 35). One lock guards the
 * tallies; only the aggregating thread and the flush take it.
 */
public final class ClickAggregator {

    public static final String REHEARSAL_CODE = "rehearsal";

    private final BotPatterns bots;
    private final CountryLookup countries;
    private final ClientAddress clients;
    private final VisitorHashing visitors;
    private final int maxPendingLinkDays;

    private final Map<LinkDay, ClickTally> tallies = new HashMap<>();
    /** Whether the last flush kept empty tallies that the bound may let go (at most one sweep a flush). */
    private boolean emptyTalliesKept;

    private Map<Integer, HourCounts> hours = new HashMap<>();
    private long counted;
    private long dropped;

    public ClickAggregator(
            BotPatterns bots,
            CountryLookup countries,
            ClientAddress clients,
            VisitorHashing visitors,
            int maxPendingLinkDays) {
        this.bots = bots;
        this.countries = countries;
        this.clients = clients;
        this.visitors = visitors;
        this.maxPendingLinkDays = maxPendingLinkDays;
    }

    public synchronized void add(ClickChunk chunk) {
        for (int i = 0; i < chunk.size; i++) {
            int hour = chunk.hours[i];
            LinkDay key = new LinkDay(chunk.codes[i], Math.floorDiv(hour, 24));
            ClickTally tally = tallies.get(key);
            if (tally == null) {
                if (!roomForAnother()) {
                    dropped++;
                    continue;
                }
                tally = new ClickTally();
                tallies.put(key, tally);
            }
            String agent = chunk.userAgents[i];
            String client = clients.of(chunk.addresses[i], chunk.forwardedFor[i]);
            boolean bot = bots.isBot(agent);
            HourCounts counts = hour(hour);
            if (bot) {
                counts.botClicks++;
            } else {
                counts.clicks++;
            }
            tally.count(
                    bot,
                    visitors.hash(key.day(), client, agent),
                    RefererHost.of(chunk.referers[i]),
                    countries.countryOf(client));
            counted++;
        }
    }

    public synchronized void linkCreated(int epochHour) {
        hour(epochHour).linksCreated++;
    }

    private HourCounts hour(int epochHour) {
        return hours.computeIfAbsent(epochHour, hour -> new HourCounts());
    }

    /** Everything counted so far, leaving nothing behind but the empty tallies of the links clicked since the last. */
    public synchronized PendingClicks takeAll() {
        Map<LinkDay, ClickTally> taken = new HashMap<>();
        for (Iterator<Map.Entry<LinkDay, ClickTally>> all = tallies.entrySet().iterator(); all.hasNext(); ) {
            Map.Entry<LinkDay, ClickTally> entry = all.next();
            if (entry.getValue().isEmpty()) {
                all.remove(); // not clicked since the last flush
            } else {
                taken.put(entry.getKey(), entry.getValue().takeCounts());
            }
        }
        emptyTalliesKept = !tallies.isEmpty();
        PendingClicks pending = new PendingClicks(taken, hours);
        hours = new HashMap<>();
        return pending;
    }

    /** Whether a tally may be added within the bound: after letting the empty ones go if it is reached. */
    private boolean roomForAnother() {
        if (tallies.size() >= maxPendingLinkDays && emptyTalliesKept) {
            tallies.values().removeIf(ClickTally::isEmpty);
            emptyTalliesKept = false;
        }
        return tallies.size() < maxPendingLinkDays;
    }

    /** Clicks a flush could not write, back in line for the next one (within the bound; the rest is dropped). */
    public synchronized void putBack(PendingClicks unwritten) {
        unwritten.tallies().forEach((key, tally) -> {
            ClickTally waiting = tallies.get(key);
            if (waiting != null) {
                waiting.addAll(tally);
            } else if (roomForAnother()) {
                tallies.put(key, tally);
            } else {
                dropped += tally.clicks() + tally.botClicks();
            }
        });
        unwritten.hours().forEach((hour, counts) -> hour(hour).addAll(counts));
    }

    /** Deleted links: their waiting clicks are not written. */
    public synchronized void forget(Collection<String> codes) {
        Set<String> gone = new HashSet<>(codes);
        tallies.keySet().removeIf(key -> gone.contains(key.code()));
    }

    /**
     * A few hundred made-up clicks on a made-up link (the code {@value #REHEARSAL_CODE}, on 1970-01-01), aggregated
     * apart from the real ones, which wait untouched. Writing them and rolling back runs every class that counting and
     * flushing use, so that they are loaded while the application's class loader still loads classes: a stopping
     * application's does not, and its last flush would fail.
     */
    public synchronized PendingClicks rehearsal() {
        PendingClicks real = takeAll();
        long countedBefore = counted;
        ClickChunk chunk = new ClickChunk(VisitorSketch.MAX_TOKENS + 2);
        for (int i = 0; i <= VisitorSketch.MAX_TOKENS; i++) { // one more visitor than the tokens hold: a dense sketch
            chunk.add(REHEARSAL_CODE, 0, "Mozilla/5.0 rehearsal/" + i, "https://example.org/", "192.0.2.1", null);
        }
        chunk.add(REHEARSAL_CODE, 0, "Googlebot/2.1", null, "8.8.8.8", null); // a bot, a country
        add(chunk);
        linkCreated(0);
        PendingClicks rehearsal = takeAll();
        forget(List.of());
        putBack(real);
        counted = countedBefore;
        return rehearsal;
    }

    /** Clicks aggregated since the start. */
    public synchronized long counted() {
        return counted;
    }

    /** Clicks dropped at the bound since the start. */
    public synchronized long dropped() {
        return dropped;
    }

    /** Links and days whose clicks wait for a flush. */
    public synchronized int pendingLinkDays() {
        return (int) tallies.values().stream().filter(tally -> !tally.isEmpty()).count();
    }
}
