package io.fuxi.platform.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SqlTest {

    @Test
    void groupsAreRepeatedWithCommas() {
        assertEquals("(?, ?)", Sql.repeat("(?, ?)", 1));
        assertEquals("(?, ?), (?, ?), (?, ?)", Sql.repeat("(?, ?)", 3));
        assertEquals("DELETE FROM t WHERE c IN (?, ?)", Sql.inList("DELETE FROM t WHERE c IN ", 2));
    }

    @Test
    void anEmptyListIsNoSql() {
        assertThrows(IllegalArgumentException.class, () -> Sql.inList("SELECT 1 WHERE x IN ", 0));
    }
}
