package io.fuxi.platform.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class FieldTextTest {

    @Test
    void textIsKeptWithoutSurroundingWhiteSpace() {
        assertEquals("shop backend", FieldText.required("name", "  shop backend ", 100));
        assertEquals(Optional.of("phishing"), FieldText.optional("note", "phishing", 200));
        assertEquals(Optional.empty(), FieldText.optional("note", null, 200));
    }

    @Test
    void missingBlankLongOrInvisibleTextIsRefusedNamingItsField() {
        for (String refused : new String[] {null, "", "   ", "x".repeat(101), "tab\there", "zero\u200bwidth"}) {
            InvalidFieldException problem =
                    assertThrows(InvalidFieldException.class, () -> FieldText.required("name", refused, 100));
            assertEquals("name", problem.toProblem().field(), String.valueOf(refused));
            assertEquals(
                    "name is required: 1 to 100 printable characters",
                    problem.toProblem().detail());
        }
        assertThrows(InvalidFieldException.class, () -> FieldText.optional("note", "", 200));
    }
}
