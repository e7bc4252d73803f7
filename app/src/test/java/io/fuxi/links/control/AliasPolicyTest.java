package io.fuxi.links.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.fuxi.codes.boundary.CodeShape;
import io.fuxi.platform.problem.InvalidFieldException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AliasPolicyTest {

    @ParameterizedTest
    @ValueSource(
            strings = {"abc", "my-promo", "spring_sale", "A1-b2_", "xxxxxxxxxxxxxxxxxxxx", "ab-def", "abcdefg", "Abcde"
            })
    void acceptsWellShapedAliases(String alias) {
        assertEquals(alias, AliasPolicy.check(alias));
        assertFalse(CodeShape.isGenerated(alias), "an accepted alias must never look like a generated code");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "ab",
                "xxxxxxxxxxxxxxxxxxxxx",
                "abcdef",
                "ABC123",
                "has space",
                "dot.ted",
                "sl/ash",
                "ümlaut",
                "a%20b",
                "api",
                "API",
                "admin",
                "health",
                "metrics",
                "openapi",
                "resources",
                "WEB-INF",
                "favicon",
                "robots"
            })
    void refusesOthersNamingTheAliasField(String alias) {
        InvalidFieldException error = assertThrows(InvalidFieldException.class, () -> AliasPolicy.check(alias));
        assertEquals("alias", error.toProblem().field());
    }
}
