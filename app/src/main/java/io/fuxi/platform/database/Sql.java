package io.fuxi.platform.database;

/** Builds the repetitive parts of SQL statements that take a list: placeholders and rows of a multi-row INSERT. */
public final class Sql {

    private Sql() {}

    /** {@code group} {@code times} times, separated by commas: {@code repeat("(?, ?)", 3)} is {@code (?, ?), (?, ?), (?, ?)}. */
    public static String repeat(String group, int times) {
        if (times < 1) {
            throw new IllegalArgumentException("at least one group, not " + times);
        }
        return (group + ", ").repeat(times - 1) + group;
    }

    /** {@code sql} followed by a parenthesised list of {@code size} placeholders, for {@code IN} and the like. */
    public static String inList(String sql, int size) {
        return sql + "(" + repeat("?", size) + ")";
    }
}
