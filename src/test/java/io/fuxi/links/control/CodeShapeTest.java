package io.fuxi.links.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CodeShapeTest {

    @ParameterizedTest
    @ValueSource(strings = {"abc", "aZ09xY", "my-promo", "a_b", "12345678901234567890"})
    void acceptsCodesAndAliases(String text) {
        assertTrue(CodeShape.matches(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "ab", "123456789012345678901", "a.b", "a/b", "a b", "ü12", "a%20", "abc\n"})
    void refusesEverythingElse(String text) {
        assertFalse(CodeShape.matches(text));
    }

    @Test
    void checksARangeInPlace() {
        assertTrue(CodeShape.matches("/ctx/aZ09xY", 5, 11));
        assertFalse(CodeShape.matches("/ctx/aZ09xY", 4, 11));
    }
}
