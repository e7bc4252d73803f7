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
import java.util.List;
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
