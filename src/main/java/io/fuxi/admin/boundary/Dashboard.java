package io.fuxi.admin.boundary;

import io.fuxi.clicks.boundary.ClickStats;
import io.fuxi.clicks.boundary.DayTotal;
import io.fuxi.codes.boundary.PoolStatus;
import io.fuxi.expiry.boundary.ExpiryPurge;
import io.fuxi.expiry.boundary.PurgeTotals;
import io.fuxi.redirect.boundary.RedirectMetrics;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.time.Clock;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;

/** The console's first page: today's figures, the last 30 days, the code pool, the cache and the last purge. */
@Named
@RequestScoped
public class Dashboard {

    static final int DAYS = 30;
    private static final int RATE_DAYS = 7;

    @Inject
    ClickStats clicks;

    @Inject
    PoolStatus pool;

    @Inject
    RedirectMetrics redirects;

    @Inject
    ExpiryPurge expiry;

    @Inject
    Clock clock;

    /** Every health check of /health/started, /health/live and /health/ready. */
    @Inject
    @Any
    Instance<HealthCheck> checks;

    private LocalDate today;
    private List<DayTotal> days;
    private long poolRemaining;
    private List<HealthCheckResponse> health;

    @PostConstruct
    void read() {
        today = LocalDate.now(clock); // the application's clock is UTC
        Map<LocalDate, DayTotal> written = clicks.daily(today.minusDays(DAYS - 1), today).stream()
                .collect(Collectors.toMap(DayTotal::date, Function.identity()));
        days = today.minusDays(DAYS - 1)
                .datesUntil(today.plusDays(1))
                .map(day -> written.getOrDefault(day, new DayTotal(day, 0, 0, 0)))
                .toList();
        poolRemaining = pool.read().getJsonNumber("remaining").longValue();
    }

    public DayTotal getToday() {
        return days.get(days.size() - 1);
    }

    /** Bots' share of today's clicks, in percent. */
    public double getBotPercentToday() {
        DayTotal day = getToday();
        long all = day.clicks() + day.botClicks();
        return all == 0 ? 0 : 100.0 * day.botClicks() / all;
    }

    public long getPoolRemaining() {
        return poolRemaining;
    }

    /** The day the pool runs out at the last seven days' rate of creates; empty when nothing was created. */
    public Optional<LocalDate> getPoolRunsOutOn() {
        long created = days.subList(days.size() - RATE_DAYS, days.size()).stream()
                .mapToLong(DayTotal::linksCreated)
                .sum();
        return created == 0 ? Optional.empty() : Optional.of(today.plusDays(poolRemaining * RATE_DAYS / created));
    }

    /** This node's cache hit ratio in percent, or empty before its first lookup. */
    public Optional<Double> getCacheHitPercent() {
        double ratio = redirects.cacheHitRatio();
        return Double.isNaN(ratio) ? Optional.empty() : Optional.of(100 * ratio);
    }

    /** Each health check as the probes answer it now, by name; run once per page (the database check connects). */
    public List<HealthCheckResponse> getHealth() {
        if (health == null) {
            health = checks.stream()
                    .map(HealthCheck::call)
                    .sorted(Comparator.comparing(HealthCheckResponse::getName))
                    .toList();
        }
        return health;
    }

    public PurgeTotals getPurges() {
        return expiry.totals();
    }

    /** Links created and clicks per day over the last 30 days, as a Chart.js line chart. */
    public String getDailyChart() {
        return Charts.line(
                days.stream().map(day -> day.date().toString()).toList(),
                List.of(
                        new Charts.Series(
                                "Links created",
                                days.stream().map(DayTotal::linksCreated).toList()),
                        new Charts.Series(
                                "Clicks by people",
                                days.stream().map(DayTotal::clicks).toList()),
                        new Charts.Series(
                                "Clicks by bots",
                                days.stream().map(DayTotal::botClicks).toList())));
    }
}
