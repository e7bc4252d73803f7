package io.fuxi.destinations.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.fuxi.platform.problem.InvalidFieldException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RuleHostTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "Evil.Example.|evil.example",
                "bücher.example|xn--bcher-kva.example",
                "1572395042|93.184.216.34",
                "0x5DB8D822|93.184.216.34",
                "2001:DB8:0:0:0:0:0:1|[2001:db8::1]",
                "[2001:db8::1]|[2001:db8::1]",
                "::ffff:93.184.216.34|[::ffff:5db8:d822]",
            })
    void storesTheHostInTheSpellingLinksAreComparedIn(String requested, String stored) {
        assertEquals(stored, RuleHost.of(requested));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"a..b", "exa mple.com", "evil.123", "1.2.3.4.5", "fe80::1%eth0", "[fe80::1%25eth0]", "[::1"})
    void refusesWhatNoBrowserCouldReach(String requested) {
        InvalidFieldException error = assertThrows(InvalidFieldException.class, () -> RuleHost.of(requested));
        assertEquals("host", error.toProblem().field());
    }
}
