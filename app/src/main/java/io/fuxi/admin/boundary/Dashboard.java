package io.fuxi.admin.boundary;

import io.fuxi.clicks.boundary.ClickStats;
import io.fuxi.clicks.boundary.DayTotal;
import io.fuxi.clicks.boundary.HourTotal;
import io.fuxi.codes.boundary.PoolStatus;
import io.fuxi.expiry.boundary.ExpiryPurge;
import io.fuxi.links.boundary.Census;
import io.fuxi.links.boundary.LinkCensus;
import io.fuxi.platform.database.JobLease;
import io.fuxi.redirect.boundary.RedirectMetrics;
import io.fuxi.security.boundary.ConsoleAccount;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;

/**
 * The console's first page: the links by state, today's figures, the last 30 days and 24 hours, the code pool, the
 * cache, the last purge and this node's health.
 */
@Named
@RequestScoped
public class Dashboard {

    static final int DAYS = 30;
    static final int HOURS = 24;
    private static final int RATE_DAYS = 7;
    private static final DateTimeFormatter HOUR_LABEL = DateTimeFormatter.ofPattern("HH:00");

    @Inject
    ClickStats clicks;

    @Inject
    PoolStatus pool;

    @Inject
    RedirectMetrics redirects;

    @Inject
    ExpiryPurge expiry;

    @Inject
    LinkCensus census;

    @Inject
    ConsoleAccount account;

    @Inject
    Clock clock;

    /** Every health check of /health/started, /health/live and /health/ready. */
    @Inject
    @Any
    Instance<HealthCheck> checks;

    private LocalDate today;
    private List<DayTotal> days;
    private List<HourTotal> hours;
    private Optional<Census> links;
    private Optional<JobLease.FinishedRun> lastPurge;
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
        hours = clicks.hourly(clock.instant(), HOURS);
        poolRemaining = pool.read().getJsonNumber("remaining").longValue();
        links = census.last();
        lastPurge = expiry.lastRunAnywhere();
    }

    /** The links by state at their last count (empty before the first). */
    public Optional<Census> getLinks() {
        return links;
    }

    /** Counts the links now instead of at the next interval. */
    public void countLinks() {
        Messages.run(
                () -> {
                    account.caller().requireChanges();
                    links = Optional.of(census.countNow());
                },
                "Links counted.");
    }

    /** The last purge that finished, on any node. */
    public Optional<JobLease.FinishedRun> getLastPurge() {
        return lastPurge;
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

    /** Links created and clicks per day over the last 30 days, as a Chart.js line chart. */
    public String getDailyChart() {
        return totalsChart(
                days, day -> day.date().toString(), DayTotal::linksCreated, DayTotal::clicks, DayTotal::botClicks);
    }

    /** Links created and clicks per hour over the last 24 hours (UTC), as a Chart.js line chart. */
    public String getHourlyChart() {
        return totalsChart(
                hours,
                hour -> HOUR_LABEL.format(hour.hour().atOffset(ZoneOffset.UTC)),
                HourTotal::linksCreated,
                HourTotal::clicks,
                HourTotal::botClicks);
    }

    private static <T> String totalsChart(
            List<T> rows,
            Function<T, String> label,
            ToLongFunction<T> created,
            ToLongFunction<T> clicks,
            ToLongFunction<T> botClicks) {
        return Charts.line(
                rows.stream().map(label).toList(),
                List.of(
                        new Charts.Series("Links created", values(rows, created)),
                        new Charts.Series("Clicks by people", values(rows, clicks)),
                        new Charts.Series("Clicks by bots", values(rows, botClicks))));
    }

    private static <T> List<Long> values(List<T> rows, ToLongFunction<T> value) {
        return rows.stream().map(row -> value.applyAsLong(row)).toList();
    }
}
