package io.fuxi.links.boundary;

import io.fuxi.platform.database.FuxiDataSource;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The visits of links with a limit (maxVisits): each visit by a person is admitted by one UPDATE of the link's row,
 * which counts it only while visits are left, so that a limit holds exactly however many nodes redirect at once.
 * Links without a limit never come here.
 */
@ApplicationScoped
public class VisitLimits {

    private static final String ADMIT = "UPDATE link SET visits = visits + 1 WHERE code = ? AND visits < max_visits";

    private static final String LEFT = "SELECT 1 FROM link WHERE code = ? AND visits < max_visits";

    @Resource(lookup = FuxiDataSource.JNDI_NAME)
    DataSource dataSource;

    /** Counts one more visit of the link and answers true, or answers false when it had all its limit allows. */
    public boolean admit(String code) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement admit = connection.prepareStatement(ADMIT)) {
            admit.setString(1, code);
            return admit.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot count a visit of " + code, e);
        }
    }

    /** Whether the link has visits left, counting none: for a bot's visit, which does not use one up. */
    public boolean hasVisitsLeft(String code) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement left = connection.prepareStatement(LEFT)) {
            left.setString(1, code);
            try (ResultSet row = left.executeQuery()) {
                return row.next();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the visits of " + code, e);
        }
    }
}
