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
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.util.Collection;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Counts redirects without slowing them: a redirect hands its click (references to strings the request already
 * holds) to a striped buffer and goes on; a task on the managed executor aggregates full chunks into tallies per link
 * and day, and {@link ClickFlush} writes them. Started by {@link ClickFlush}, which reads the visitor secret first.
 */
@ApplicationScoped
public class ClickRecorder {

    private static final Logger LOG = Logger.getLogger(ClickRecorder.class.getName());
    private static final long HOUR_MILLIS = 3_600_000L;

    @Inject
    Clock clock;

    @Resource
    ManagedExecutorService executor;

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

    private final AtomicBoolean aggregating = new AtomicBoolean();
    private volatile ClickBuffer buffer;
    private volatile ClickAggregator aggregator;

    /** Loads the bot patterns and the country database; until then, and when counting is off, clicks are ignored. */
    void start(byte[] visitorSecret) {
        if (!enabled) {
            LOG.info("Click counting is off (fuxi.clicks.enabled=false)");
            return;
        }
        BotPatterns bots = BotPatterns.bundled();
        aggregator = new ClickAggregator(
                bots,
                CountryLookup.open(countryDatabase),
                ClientAddress.trusting(trustedProxies),
                new VisitorHashing(visitorSecret),
                Math.max(1, maxPendingLinkDays));
        buffer = new ClickBuffer(2 * Runtime.getRuntime().availableProcessors(), 256, full -> aggregateSoon());
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
                    request.getHeader("X-Forwarded-For"));
        }
    }

    public boolean isCounting() {
        return buffer != null;
    }

    private void aggregateSoon() {
        if (aggregating.compareAndSet(false, true)) {
            executor.execute(this::aggregateFullChunks);
        }
    }

    private void aggregateFullChunks() {
        do {
            try {
                for (ClickChunk chunk = buffer.pollFull(); chunk != null; chunk = buffer.pollFull()) {
                    aggregator.add(chunk);
                }
            } finally {
                aggregating.set(false);
            }
        } while (buffer.hasFull() && aggregating.compareAndSet(false, true));
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
