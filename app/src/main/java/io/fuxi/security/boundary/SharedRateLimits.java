package io.fuxi.security.boundary;

import io.fuxi.platform.cluster.Cluster;
import io.fuxi.security.control.RateLimiter;
import io.fuxi.security.control.RateLimiter.Usage;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The API's rate limits, the same for a key whether it calls one node or several: every {@value #EXCHANGE_MILLIS} ms
 * each node tells the others the calls it allowed, and charges what they allowed. A key can exceed its limit by at
 * most what the other nodes allow it within one exchange.
 */
@ApplicationScoped
public class SharedRateLimits {

    static final long EXCHANGE_MILLIS = 100;

    private static final Logger LOG = Logger.getLogger(SharedRateLimits.class.getName());

    @Inject
    Cluster cluster;

    @Resource
    ManagedScheduledExecutorService scheduler;

    private RateLimiter limiter;
    private Cluster.Topic usage;
    private ScheduledFuture<?> exchange;

    /** Starts with the application, so that this node hears the others' calls before its own first one. */
    void startEagerly(@Observes @Initialized(ApplicationScoped.class) Object application) {
        limiter.toString();
    }

    @PostConstruct
    void start() {
        limiter = new RateLimiter(System::nanoTime, cluster.isClustered());
        if (cluster.isClustered()) {
            usage = cluster.topic("rate-usage", this::charge);
            exchange = scheduler.scheduleWithFixedDelay(
                    this::tellOthers, EXCHANGE_MILLIS, EXCHANGE_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    @PreDestroy
    void stop() {
        if (exchange != null) {
            exchange.cancel(false);
        }
    }

    public RateLimiter limiter() {
        return limiter;
    }

    private void tellOthers() {
        Map<String, Usage> taken = limiter.takenSinceLastAsked();
        if (taken.isEmpty()) {
            return;
        }
        StringBuilder message = new StringBuilder();
        taken.forEach((name, used) -> message.append(name)
                .append('\t')
                .append(used.perMinute())
                .append('\t')
                .append(used.calls())
                .append('\n'));
        try {
            usage.publish(message.toString());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not tell the other nodes this node's API calls: {0}", e.toString());
        }
    }

    private void charge(String message) {
        for (String line : message.split("\n")) {
            String[] fields = line.split("\t");
            if (fields.length == 3) {
                limiter.charge(fields[0], new Usage(Integer.parseInt(fields[1]), Integer.parseInt(fields[2])));
            }
        }
    }
}
