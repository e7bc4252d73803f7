package io.fuxi.links.boundary;

import io.fuxi.codes.boundary.CodeShape;
import io.fuxi.links.control.LinkOptions;
import io.fuxi.platform.database.FuxiDataSource;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Reads one link by its code, for a redirect that missed the cache: one primary-key read on the requests' pool,
 * which fails fast when the database is out (see {@link FuxiDataSource}), without an EJB call, a transaction or a
 * persistence context (ADR 55).
 */
@ApplicationScoped
public class LinkLookup {

    private static final String BY_CODE = "SELECT url, owner_key_id, created_at, expires_at, enabled, redirect_status,"
            + " forward_query, tags, valid_since, max_visits, visits, fallback_url, password_hash, domain_id FROM link WHERE code = ?";
    private static final String PASSWORD_HASH = "SELECT password_hash FROM link WHERE code = ?";

    @Resource(lookup = FuxiDataSource.JNDI_NAME)
    DataSource dataSource;

    @Inject
    LinkOptions options;

    /** The link with this code, or empty when there is none. */
    public Optional<LinkView> find(String code) {
        if (!CodeShape.isCode(code)) {
            return Optional.empty(); // cannot exist; and the database need not see arbitrary text
        }
        try (Connection connection = dataSource.getConnection();
                PreparedStatement query = connection.prepareStatement(BY_CODE)) {
            query.setString(1, code);
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? Optional.of(view(code, row)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the link " + code, e);
        }
    }

    private LinkView view(String code, ResultSet row) throws SQLException {
        return LinkView.of(
                code,
                row.getString(1),
                row.getObject(3, LocalDateTime.class).toInstant(ZoneOffset.UTC),
                row.getObject(4, LocalDateTime.class).toInstant(ZoneOffset.UTC),
                row.getBoolean(5),
                row.getObject(6, Integer.class),
                row.getObject(7, Boolean.class),
                row.getLong(2),
                row.getString(8),
                limits(row),
                row.getInt(14),
                options);
    }

    /** Most links have none: their row's columns are NULL. */
    private static LinkView.Limits limits(ResultSet row) throws SQLException {
        LocalDateTime validSince = row.getObject(9, LocalDateTime.class);
        Integer maxVisits = row.getObject(10, Integer.class);
        String fallbackUrl = row.getString(12);
        String passwordHash = row.getString(13);
        return validSince == null && maxVisits == null && fallbackUrl == null && passwordHash == null
                ? LinkView.Limits.NONE
                : new LinkView.Limits(
                        validSince == null ? null : validSince.toInstant(ZoneOffset.UTC),
                        maxVisits,
                        row.getInt(11),
                        fallbackUrl,
                        LinkView.passwordStamp(passwordHash));
    }

    /** The stored hash of the password of the link with this code; empty when it has none (or there is no link). */
    public Optional<String> passwordHash(String code) {
        if (!CodeShape.isCode(code)) {
            return Optional.empty();
        }
        try (Connection connection = dataSource.getConnection();
                PreparedStatement query = connection.prepareStatement(PASSWORD_HASH)) {
            query.setString(1, code);
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? Optional.ofNullable(row.getString(1)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the password of the link " + code, e);
        }
    }
}
