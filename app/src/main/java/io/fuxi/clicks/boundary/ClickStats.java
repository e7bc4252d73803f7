package io.fuxi.clicks.boundary;

import io.fuxi.clicks.control.ClickReads;
import io.fuxi.links.boundary.LinkClicks;
import io.fuxi.platform.database.FuxiDataSource;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Reads the flushed clicks. A code's rows count only from its link's creation day: a recycled code's rows from its
 * earlier link (purged at least a day before the code came back) are never read.
 */
@ApplicationScoped
public class ClickStats implements LinkClicks {

    @Resource(lookup = FuxiDataSource.JNDI_NAME)
    DataSource dataSource;

    public LinkStats forLink(String code, Instant createdAt, LocalDate from, LocalDate to) {
        try (Connection connection = dataSource.getConnection()) {
            return ClickReads.forLink(connection, code, from, to, day(createdAt));
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the clicks of " + code, e);
        }
    }

    /** The clicks per day of the links ({@code code -> creation}), each counted from its creation day. */
    public List<DayClicks> forLinks(Map<String, Instant> links, LocalDate from, LocalDate to) {
        Map<String, LocalDate> since = new HashMap<>();
        links.forEach((code, createdAt) -> since.put(code, day(createdAt)));
        try (Connection connection = dataSource.getConnection()) {
            List<DayClicks> days = new ArrayList<>();
            ClickReads.forLinks(connection, since, from, to)
                    .forEach((day, tally) -> days.add(new DayClicks(day, tally[0], tally[1])));
            return days;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the clicks of " + links.size() + " links", e);
        }
    }

    @Override
    public long peopleClicks(String code, Instant createdAt) {
        try (Connection connection = dataSource.getConnection()) {
            return ClickReads.peopleClicks(connection, code, day(createdAt));
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the clicks of " + code, e);
        }
    }

    @Override
    public long totalClicks(String code, Instant createdAt) {
        try (Connection connection = dataSource.getConnection()) {
            return ClickReads.totalClicks(connection, code, day(createdAt));
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the clicks of " + code, e);
        }
    }

    public List<DayTotal> daily(LocalDate from, LocalDate to) {
        try (Connection connection = dataSource.getConnection()) {
            return ClickReads.daily(connection, from, to);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the daily totals", e);
        }
    }

    /** Totals of the last {@code hours} hours, this one included, oldest first. */
    public List<HourTotal> hourly(Instant now, int hours) {
        int to = (int) Math.floorDiv(now.getEpochSecond(), 3600);
        try (Connection connection = dataSource.getConnection()) {
            return ClickReads.hourly(connection, to - hours + 1, to);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the hourly totals", e);
        }
    }

    private static LocalDate day(Instant instant) {
        return instant.atZone(ZoneOffset.UTC).toLocalDate();
    }
}
