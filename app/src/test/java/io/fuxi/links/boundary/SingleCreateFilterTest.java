package io.fuxi.links.boundary;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SingleCreateFilterTest {

    @Test
    void takesTheJsonBodiesJaxRsWouldTakeAndLeavesTheRestToIt() {
        for (String json : List.of(
                "application/json",
                "application/json; charset=utf-8",
                "Application/JSON;charset=UTF-8",
                " application/json ")) {
            assertTrue(SingleCreateFilter.isJson(json), json);
        }
        for (String other : List.of(
                "text/plain",
                "application/jsonx",
                "application/json-patch+json",
                "application/merge-patch+json",
                "application/x-www-form-urlencoded",
                "")) {
            assertFalse(SingleCreateFilter.isJson(other), other);
        }
        assertFalse(SingleCreateFilter.isJson(null));
    }
}
