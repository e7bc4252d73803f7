package io.fuxi.destinations.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    private final RuleSet spelled = RuleSet.of(
            List.of(
                    new RuleSet.Stored(5, "evil.example", false),
                    new RuleSet.Stored(6, "93.184.216.34", false),
                    new RuleSet.Stored(7, "[2001:db8::1]", false),
                    new RuleSet.Stored(8, "[::ffff:c633:6407]", false)),
            false);

    /** Links stored before hosts were normalised keep their spelling: their redirects must still be refused. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://evil.example./p",
                "https://EVIL.Example./p",
                "https://www.evil.example./p",
                "https://ｗｗｗ.ｅｖｉｌ.example/",
                "http://93.184.216.34./",
                "http://1572395042/",
                "http://0x5DB8D822/",
                "http://0135.0270.0330.042/",
                "http://93.184.55330/",
                "http://93.12113954/",
                "http://0x5d.184.0330.0x22:8080/x",
                "http://[::ffff:93.184.216.34]/",
                "http://[::FFFF:5DB8:D822]/",
                "http://[64:ff9b::5db8:d822]/",
                "http://[2001:DB8:0:0:0:0:0:1]/",
                "http://[2001:0db8::0001]:8080/",
                "http://198.51.100.7/",
                "http://3325256711/",
            })
    void everySpellingOfABlockedHostIsRefused(String url) {
        assertTrue(spelled.refusalOfUrl(url).isPresent(), url);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://notevil.example/",
                "https://evil.example.org/",
                "http://93.184.216.35/",
                "http://1572395043/",
                "http://[2001:db8::2]/",
                "http://[::5db8:d822]/",
            })
    void otherHostsPass(String url) {
        assertEquals(Optional.empty(), spelled.refusalOfUrl(url), url);
    }

    @Test
    void aRefusalNamesTheHostAndTheRuleInTheirOneSpelling() {
        assertEquals(
                Optional.of("the destination 93.184.216.34 is blocked by rule 6 (93.184.216.34)"),
                spelled.refusalOfUrl("http://0x5DB8D822/"));
        assertEquals(
                Optional.of("the destination [::ffff:5db8:d822] is blocked by rule 6 (93.184.216.34)"),
                spelled.refusalOfUrl("http://[::ffff:93.184.216.34]/"));
    }

    /** Rules added before hosts were normalised were stored as the admin spelled them; no migration rewrote them. */
    @Test
    void rulesStoredInAnOldSpellingStillHoldForEverySpelling() {
        RuleSet old = RuleSet.of(
                List.of(
                        new RuleSet.Stored(1, "evil.example.", false),
                        new RuleSet.Stored(2, "1572395042", false),
                        new RuleSet.Stored(3, "0x5db8d823", false),
                        new RuleSet.Stored(4, "good.example.", true)),
                true);
        assertEquals(
                Optional.of("the destination evil.example is blocked by rule 1 (evil.example)"),
                old.refusalOfUrl("https://evil.example/p"));
        assertTrue(old.refusalOfUrl("https://www.evil.example./p").isPresent());
        assertEquals(
                Optional.of("the destination 93.184.216.34 is blocked by rule 2 (93.184.216.34)"),
                old.refusalOfUrl("http://93.184.216.34/"));
        assertTrue(old.refusalOfUrl("http://93.184.216.35/").get().contains("rule 3 (93.184.216.35)"));
        assertEquals(Optional.empty(), old.refusalOfUrl("https://cdn.good.example/app.js"));
        assertEquals(Optional.empty(), old.refusalOfUrl("https://good.example./"));
    }

    @Test
    void aUrlWhoseHostNoBrowserCouldReachIsRefusedOnlyWhenThereAreRules() {
        assertTrue(spelled.refusalOfUrl("http://1.2.3.4.5/").isPresent());
        assertTrue(spelled.refusalOfUrl("http://[fe80::1%25eth0]/").isPresent());
        assertEquals(Optional.empty(), RuleSet.NONE.refusalOfUrl("http://1.2.3.4.5/"));
    }
}
