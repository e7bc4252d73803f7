package io.fuxi.platform.database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A MySQL named lock: cluster-wide, held by one connection, freed by the server when that connection ends (a node
 * that dies holds it no longer).
 */
public record NamedLock(String name) {

    /** Takes the lock, waiting up to {@code waitSeconds}; false if another connection still holds it then. */
    public boolean take(Connection connection, int waitSeconds) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT GET_LOCK(?, ?)")) {
            statement.setString(1, name);
            statement.setInt(2, waitSeconds);
            try (ResultSet row = statement.executeQuery()) {
                return row.next() && row.getInt(1) == 1;
            }
        }
    }

    public void release(Connection connection) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT RELEASE_LOCK(?)")) {
            statement.setString(1, name);
            statement.executeQuery().close();
        }
    }
}
