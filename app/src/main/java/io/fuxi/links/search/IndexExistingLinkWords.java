package io.fuxi.links.search;

import jakarta.enterprise.context.Dependent;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * Schema version 9: puts the links that existed before the search index (V8) into it, a thousand links at a time
 * in the order of their codes. The words come from {@link UrlWords}, which SQL alone cannot split.
 */
@Dependent
public class IndexExistingLinkWords implements JavaMigration {

    private static final int CHUNK = 1000;

    @Override
    public MigrationVersion getVersion() {
        return MigrationVersion.fromVersion("9");
    }

    @Override
    public String getDescription() {
        return "index existing link words";
    }

    @Override
    public Integer getChecksum() {
        return 9;
    }

    @Override
    public boolean canExecuteInTransaction() {
        return true;
    }

    @Override
    public void migrate(Context context) throws SQLException {
        Connection connection = context.getConnection();
        try (PreparedStatement links = connection.prepareStatement(
                        "SELECT code, url, owner_key_id, created_at FROM link WHERE code > ? ORDER BY code LIMIT "
                                + CHUNK);
                PreparedStatement words = connection.prepareStatement(
                        "INSERT INTO link_word (owner_key_id, word, created_at, code) VALUES (?, ?, ?, ?)")) {
            String after = "";
            int read;
            do {
                links.setString(1, after);
                read = 0;
                try (ResultSet rows = links.executeQuery()) {
                    while (rows.next()) {
                        read++;
                        after = rows.getString(1);
                        for (String word : UrlWords.of(rows.getString(2))) {
                            words.setLong(1, rows.getLong(3));
                            words.setString(2, word);
                            words.setTimestamp(3, rows.getTimestamp(4));
                            words.setString(4, after);
                            words.addBatch();
                        }
                    }
                }
                words.executeBatch();
            } while (read == CHUNK);
        }
    }
}
