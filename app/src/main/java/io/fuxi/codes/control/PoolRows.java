package io.fuxi.codes.control;

import io.fuxi.platform.database.Sql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The pool's own rows, on a caller's connection and in its transaction: the one row of counters (code_pool_state,
 * id 1) and the rows of the code table. The generator and the recycler both append to the pool through here.
 */
public final class PoolRows {

    private PoolRows() {}

    /** Where the pool stands, read with a lock on its row: whoever appends holds it until commit. */
    public record Counters(long loadedSeq, long nextIndex) {}

    /** Creates the row of counters, with the secret permutation key, unless it exists. */
    static void createState(Connection connection, byte[] permutationKey) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT IGNORE INTO code_pool_state (id, permutation_key, next_index, next_seq, loaded_seq) VALUES (1, ?, 0, 1, 0)")) {
            insert.setBytes(1, permutationKey);
            insert.executeUpdate();
        }
    }

    /** Codes loaded and codes handed out: sequence numbers run from 1, so next_seq - 1 have been handed out. */
    public record Counts(long loaded, long handedOut) {}

    /** The loaded codes no node has reserved yet. */
    static long remaining(Connection connection) throws SQLException {
        Counts counts = counts(connection);
        return Math.max(0, counts.loaded() - counts.handedOut());
    }

    static Counts counts(Connection connection) throws SQLException {
        return counts(connection, "");
    }

    /** {@link #counts}, with a lock on the row until the transaction ends: for a node that reserves codes. */
    public static Counts lockCounts(Connection connection) throws SQLException {
        return counts(connection, " FOR UPDATE");
    }

    private static Counts counts(Connection connection, String lock) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(
                        "SELECT loaded_seq, next_seq - 1 FROM code_pool_state WHERE id = 1" + lock);
                ResultSet row = query.executeQuery()) {
            return row.next() ? new Counts(row.getLong(1), row.getLong(2)) : new Counts(0, 0);
        }
    }

    public static Counters lockCounters(Connection connection) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(
                        "SELECT loaded_seq, next_index FROM code_pool_state WHERE id = 1 FOR UPDATE");
                ResultSet row = query.executeQuery()) {
            row.next();
            return new Counters(row.getLong(1), row.getLong(2));
        }
    }

    static byte[] permutationKey(Connection connection) throws SQLException {
        try (PreparedStatement query =
                        connection.prepareStatement("SELECT permutation_key FROM code_pool_state WHERE id = 1");
                ResultSet row = query.executeQuery()) {
            row.next();
            return row.getBytes(1);
        }
    }

    /** Every sequence number up to this one now has its code row. */
    public static void setLoadedSeq(Connection connection, long loadedSeq) throws SQLException {
        update(connection, "loaded_seq", loadedSeq);
    }

    /** The sequence numbers up to this one are reserved by nodes. */
    public static void setHandedOut(Connection connection, long handedOut) throws SQLException {
        update(connection, "next_seq", handedOut + 1);
    }

    /** The permutation position the next batch starts at. */
    static void setNextIndex(Connection connection, long nextIndex) throws SQLException {
        update(connection, "next_index", nextIndex);
    }

    /** Appends codes as sequence numbers firstSeq, firstSeq + 1, ...; the caller moves loaded_seq once they are in. */
    public static void append(Connection connection, long firstSeq, List<String> codes) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(insertSql(codes.size()))) {
            append(insert, firstSeq, codes);
        }
    }

    /** Appends through a prepared {@link #insertSql} of exactly codes.size() rows, for callers that reuse one. */
    static void append(PreparedStatement insert, long firstSeq, List<String> codes) throws SQLException {
        for (int i = 0; i < codes.size(); i++) {
            insert.setLong(2 * i + 1, firstSeq + i);
            insert.setString(2 * i + 2, codes.get(i));
        }
        insert.executeUpdate();
    }

    /** The codes of sequence numbers first to last, in their order. */
    public static List<String> codes(Connection connection, long first, long last) throws SQLException {
        try (PreparedStatement query =
                connection.prepareStatement("SELECT code FROM code_pool WHERE seq BETWEEN ? AND ? ORDER BY seq")) {
            query.setLong(1, first);
            query.setLong(2, last);
            List<String> codes = new ArrayList<>((int) (last - first + 1));
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    codes.add(rows.getString(1));
                }
            }
            return codes;
        }
    }

    static String insertSql(int rows) {
        return "INSERT INTO code_pool (seq, code) VALUES " + Sql.repeat("(?, ?)", rows);
    }

    private static void update(Connection connection, String column, long value) throws SQLException {
        try (PreparedStatement update =
                connection.prepareStatement("UPDATE code_pool_state SET " + column + " = ? WHERE id = 1")) {
            update.setLong(1, value);
            update.executeUpdate();
        }
    }
}
