package io.fuxi.clicks.boundary;

import io.fuxi.clicks.control.BotPatterns;
import io.fuxi.clicks.control.ClickAggregator;
import io.fuxi.clicks.control.ClickBuffer;
import io.fuxi.clicks.control.ClickChunk;
import io.fuxi.clicks.control.CountryLookup;
import io.fuxi.clicks.control.PendingClicks;
import io.fuxi.clicks.control.VisitorHashing;
import io.fuxi.links.boundary.LinkCreated;
import io.fuxi.platform.web.ClientAddress;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.util.Collection;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Counts redirects without slowing them: a redirect hands its click (references to strings the request already
 * holds) to a striped buffer and goes on; a thread of its own aggregates full chunks into tallies per link and day,
 * and {@link ClickFlush} writes them. Started by {@link ClickFlush}, which reads the visitor secret first.
 */
@ApplicationScoped
public class ClickRecorder {

    private static final Logger LOG = Logger.getLogger(ClickRecorder.class.getName());
    private static final long HOUR_MILLIS = 3_600_000L;

    @Inject
    Clock clock;

    @Resource
    ManagedThreadFactory threads;

    @Inject
    @ConfigProperty(name = "fuxi.clicks.enabled", defaultValue = "true")
    boolean enabled;

    @Inject
    @ConfigProperty(name = "fuxi.clicks.max-pending-links", defaultValue = "100000")
    int maxPendingLinkDays;

    @Inject
    @ConfigProperty(name = "fuxi.proxy.trusted")
    Optional<String> trustedProxies;

    @Inject
    @ConfigProperty(name = "fuxi.geoip.database")
    Optional<String> countryDatabase;

    private volatile ClickBuffer buffer;
    private volatile ClickAggregator aggregator;
    private volatile Thread aggregating;
    private volatile BotPatterns bots;

    /** Loads the bot patterns and the country database; until then, and when counting is off, clicks are ignored. */
    void start(byte[] visitorSecret) {
        bots = BotPatterns.bundled(); // what a visit limit asks, counting or not
        if (!enabled) {
            LOG.info("Click counting is off (fuxi.clicks.enabled=false)");
            return;
        }
        aggregator = new ClickAggregator(
                bots,
                CountryLookup.open(countryDatabase),
                ClientAddress.trusting(trustedProxies),
                new VisitorHashing(visitorSecret),
                Math.max(1, maxPendingLinkDays));
        buffer = new ClickBuffer(2 * Runtime.getRuntime().availableProcessors(), 256);
        aggregating = threads.newThread(this::aggregateUntilStopped);
        aggregating.setName("fuxi-click-aggregator");
        aggregating.start();
        LOG.info(() -> "Counting clicks: " + bots.size() + " bot patterns, country database "
                + countryDatabase.orElse("bundled (ip-location-db, CC0)") + ", trusted proxies: "
                + trustedProxies.orElse("none"));
    }

    /** A redirect to the link with this code was answered. */
    public void record(String code, HttpServletRequest request) {
        ClickBuffer clicks = buffer;
        if (clicks != null) {
            clicks.add(
                    code,
                    (int) Math.floorDiv(clock.millis(), HOUR_MILLIS),
                    request.getHeader("User-Agent"),
                    request.getHeader("Referer"),
                    request.getRemoteAddr(),
                    ClientAddress.forwardedFor(request));
        }
    }

    /**
     * Whether the request comes from a bot (a crawler's User-Agent, or none), as its click would be counted: bots do not
     * use up a link's visits. False until the patterns are loaded, at the start.
     */
    public boolean isBot(HttpServletRequest request) {
        BotPatterns patterns = bots;
        return patterns != null && patterns.isBot(request.getHeader("User-Agent"));
    }

    public boolean isCounting() {
        return buffer != null;
    }

    /**
     * Aggregates each full chunk as it comes, on a thread of its own that waits for them: a task on the managed
     * executor for each wake-up captured the caller's context, a class path scan, every time.
     */
    private void aggregateUntilStopped() {
        try {
            while (true) {
                ClickChunk chunk = buffer.takeFull();
                try {
                    aggregator.add(chunk);
                } catch (RuntimeException e) { // the chunk's clicks are lost, not the ones after it
                    LOG.log(Level.WARNING, "Clicks could not be counted: " + chunk.size() + " dropped", e);
                }
            }
        } catch (InterruptedException stopping) {
            // the application stops; the last flush takes what is left (ClickFlush)
        }
    }

    @PreDestroy
    void stop() {
        Thread thread = aggregating;
        if (thread != null) {
            thread.interrupt();
        }
    }

    /** Every click counted so far, for a flush. */
    PendingClicks takeAll() {
        if (buffer == null) {
            return PendingClicks.NONE;
        }
        buffer.takeAll().forEach(aggregator::add);
        return aggregator.takeAll();
    }

    /** Made-up clicks for a rehearsal of the flush (see {@link ClickAggregator#rehearsal()}). */
    PendingClicks rehearsal() {
        return aggregator.rehearsal();
    }

    /** A flush's unwritten clicks, back in line. */
    void putBack(PendingClicks unwritten) {
        aggregator.putBack(unwritten);
    }

    void forget(Collection<String> codes) {
        if (aggregator != null) {
            aggregator.forget(codes);
        }
    }

    void onCreated(@Observes(during = TransactionPhase.AFTER_SUCCESS) LinkCreated created) {
        if (aggregator != null) {
            created.links()
                    .forEach(link -> aggregator.linkCreated(
                            (int) Math.floorDiv(link.createdAt().toEpochMilli(), HOUR_MILLIS)));
        }
    }

    /** Clicks aggregated, and dropped because the aggregator or the flush fell too far behind, since the start. */
    public ClickCounts counts() {
        return aggregator == null
                ? new ClickCounts(0, 0, 0)
                : new ClickCounts(
                        aggregator.counted(), buffer.dropped() + aggregator.dropped(), aggregator.pendingLinkDays());
    }
}
