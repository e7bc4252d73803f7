package io.fuxi.platform.database;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A random secret of 32 bytes that every node reads from one row of a table of its own ({@code id} 1, {@code
 * secret}): the first node to ask writes it, the others read what it wrote.
 */
public final class StoredSecret {

    private StoredSecret() {}

    /** @param table a table with the columns id (TINYINT) and secret (BINARY(32)); never input from outside */
    public static byte[] of(Connection connection, String table) throws SQLException {
        byte[] fresh = new byte[32];
        new SecureRandom().nextBytes(fresh);
        try (PreparedStatement insert =
                connection.prepareStatement("INSERT IGNORE INTO " + table + " (id, secret) VALUES (1, ?)")) {
            insert.setBytes(1, fresh);
            insert.executeUpdate();
        }
        try (PreparedStatement select = connection.prepareStatement("SELECT secret FROM " + table + " WHERE id = 1");
                ResultSet row = select.executeQuery()) {
            row.next();
            return row.getBytes(1);
        }
    }
}
