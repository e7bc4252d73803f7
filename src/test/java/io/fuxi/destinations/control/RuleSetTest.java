package io.fuxi.destinations.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RuleSetTest {

    private final RuleSet blocking =
            new RuleSet(Map.of("evil.example", "1 (evil.example)", "bad", "2 (bad)"), Map.of(), false);

    @Test
    void blocksAHostAndItsSubdomainsOnly() {
        assertTrue(blocking.refusal("evil.example").isPresent());
        assertTrue(blocking.refusal("www.evil.example").isPresent());
        assertTrue(blocking.refusal("a.b.evil.example").isPresent());
        assertTrue(blocking.refusal("anything.bad").isPresent());
        assertEquals(Optional.empty(), blocking.refusal("notevil.example"));
        assertEquals(Optional.empty(), blocking.refusal("evil.example.org"));
        assertEquals(Optional.empty(), blocking.refusal("example"));
        assertEquals(
                "the destination www.evil.example is blocked by rule 1 (evil.example)",
                blocking.refusal("www.evil.example").orElseThrow());
    }

    @Test
    void allowListModeRefusesEverythingElse() {
        RuleSet allowing = new RuleSet(
                Map.of("evil.good.example", "3 (evil.good.example)"), Map.of("good.example", "4 (good.example)"), true);
        assertEquals(Optional.empty(), allowing.refusal("good.example"));
        assertEquals(Optional.empty(), allowing.refusal("cdn.good.example"));
        assertTrue(allowing.refusal("evil.good.example").isPresent(), "a block rule wins over an allow rule");
        assertEquals(
                "the destination other.example is not on the allow-list",
                allowing.refusal("other.example").orElseThrow());
    }

    @Test
    void noRulesRefuseNothing() {
        assertEquals(Optional.empty(), RuleSet.NONE.refusal("anything.example"));
    }
}
