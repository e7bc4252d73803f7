package io.fuxi.codes.boundary;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CodeShapeTest {

    @ParameterizedTest
    @ValueSource(strings = {"abc", "aZ09xY", "my-promo", "a_b", "12345678901234567890"})
    void acceptsCodesAndAliases(String text) {
        assertTrue(CodeShape.isCode(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "ab", "123456789012345678901", "a.b", "a/b", "a b", "ü12", "a%20", "abc\n"})
    void refusesEverythingElse(String text) {
        assertFalse(CodeShape.isCode(text));
    }

    @Test
    void checksARangeInPlace() {
        assertTrue(CodeShape.isCode("/ctx/aZ09xY", 5, 11));
        assertFalse(CodeShape.isCode("/ctx/aZ09xY", 4, 11));
    }

    @ParameterizedTest
    @ValueSource(strings = {"aZ09xY", "000000", "zzzzzz"})
    void generatedCodesAreSixBase62Characters(String text) {
        assertTrue(CodeShape.isGenerated(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"aZ09x", "aZ09xYz", "aZ-9xY", "aZ_9xY", "aZ09xé", "aZ09x "})
    void nothingElseIsAGeneratedCode(String text) {
        assertFalse(CodeShape.isGenerated(text));
    }
}
