package io.fuxi.clicks.control;

import io.fuxi.platform.problem.InvalidFieldException;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

/**
 * The days a stats call covers, both ends included, in UTC: by default the 30 days up to today; at most
 * {@value #MAX_DAYS} days.
 */
public record StatsRange(LocalDate from, LocalDate to) {

    public static final int DEFAULT_DAYS = 30;
    public static final int MAX_DAYS = 400;

    /** The range the query parameters ask for (either may be absent); a bad one is a 400 naming the parameter. */
    public static StatsRange of(String from, String to, LocalDate today) {
        LocalDate end = to == null ? today : date("to", to);
        LocalDate start = from == null ? end.minusDays(DEFAULT_DAYS - 1) : date("from", from);
        if (start.isAfter(end)) {
            throw new InvalidFieldException("from", "from must not be after to");
        }
        if (ChronoUnit.DAYS.between(start, end) >= MAX_DAYS) {
            throw new InvalidFieldException("from", "a range covers at most " + MAX_DAYS + " days");
        }
        return new StatsRange(start, end);
    }

    /** Today in UTC, the days' zone, by the application's clock. */
    public static LocalDate today(Clock clock) {
        return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    }

    private static LocalDate date(String name, String text) {
        try {
            if (text.length() == 10) {
                return LocalDate.parse(text);
            }
        } catch (DateTimeParseException e) {
            // answered below
        }
        throw new InvalidFieldException(name, name + " must be a date such as 2026-01-31");
    }
}
