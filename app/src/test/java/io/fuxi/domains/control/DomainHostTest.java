package io.fuxi.domains.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.fuxi.platform.problem.InvalidFieldException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DomainHostTest {

    @ParameterizedTest
    @CsvSource({
        "go.shop.example, go.shop.example",
        "GO.Shop.EXAMPLE, go.shop.example",
        "bücher.example, xn--bcher-kva.example",
        "localhost, localhost"
    })
    void aNameIsStoredInItsOneSpelling(String asked, String stored) {
        assertEquals(stored, DomainHost.of(asked));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "bad host",
                "http://go.example",
                "go.example:80",
                "go.example.",
                "go.example/path",
                "10.0.0.1",
                "[::1]",
                "under_score.example",
                "-dash.example",
                ""
            })
    void anythingButANameIsRefusedNamingHost(String asked) {
        InvalidFieldException refused = assertThrows(InvalidFieldException.class, () -> DomainHost.of(asked));
        assertEquals("host", refused.toProblem().field());
    }

    @org.junit.jupiter.api.Test
    void aNameOfMoreThan253CharactersIsRefused() {
        String label = "a".repeat(63);
        String longest = String.join(".", label, label, label, "a".repeat(61)); // 253
        assertEquals(longest, DomainHost.of(longest));
        assertThrows(InvalidFieldException.class, () -> DomainHost.of(longest + "a"));
    }
}
