package io.fuxi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/** Plain SQL against a test database, for checking what the application wrote; each call on a connection of its own. */
public record Rows(DataSource database) {

    /** The first column of every row, as text (null for SQL NULL). */
    public List<String> texts(String sql, Object... parameters) {
        try (Connection connection = database.getConnection();
                PreparedStatement query = prepared(connection, sql, parameters);
                ResultSet rows = query.executeQuery()) {
            List<String> values = new ArrayList<>();
            while (rows.next()) {
                values.add(rows.getString(1));
            }
            return values;
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    /** The first column of the one row the query must give. */
    public String text(String sql, Object... parameters) {
        List<String> rows = texts(sql, parameters);
        assertEquals(1, rows.size(), sql);
        return rows.get(0);
    }

    public long number(String sql, Object... parameters) {
        return Long.parseLong(text(sql, parameters));
    }

    public int execute(String sql, Object... parameters) {
        try (Connection connection = database.getConnection();
                PreparedStatement statement = prepared(connection, sql, parameters)) {
            statement.execute();
            return statement.getUpdateCount();
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    private static PreparedStatement prepared(Connection connection, String sql, Object... parameters)
            throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        for (int i = 0; i < parameters.length; i++) {
            statement.setObject(i + 1, parameters[i]);
        }
        return statement;
    }
}
