package io.fuxi.platform.web;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ReservedPathsTest {

    @Test
    void reservedInAnyCaseButOnlyWholeSegments() {
        assertTrue(ReservedPaths.contains("Admin"));
        assertTrue(ReservedPaths.contains("WEB-INF"));
        assertFalse(ReservedPaths.contains("administrator"));
        assertFalse(ReservedPaths.contains("aZ09xY"));
    }
}
