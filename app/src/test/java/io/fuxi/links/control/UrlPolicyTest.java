package io.fuxi.links.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fuxi.destinations.control.RuleSet;
import io.fuxi.platform.problem.InvalidFieldException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class UrlPolicyTest {

    private final UrlPolicy policy = new UrlPolicy(new LinkOptions(
            URI.create("https://fx.example:8443"), 2048, Duration.ofDays(730), Duration.ofDays(3650), 302, true));

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "https://example.com|https://example.com",
                "https://example.com/|https://example.com/",
                "HTTP://Example.COM/Path?Q=1#Frag|http://example.com/Path?Q=1#Frag",
                "https://example.com:8080/a/b?x=1&y=2|https://example.com:8080/a/b?x=1&y=2",
                "https://bücher.example/straße?q=ü|https://xn--bcher-kva.example/stra%C3%9Fe?q=%C3%BC",
                "https://bücher.example:8080/x|https://xn--bcher-kva.example:8080/x",
                "https://example.com/?q={a^b}|https://example.com/?q=%7Ba%5Eb%7D",
                "https://example.com/%20already%20encoded|https://example.com/%20already%20encoded",
                "https://[2001:db8::1]/x|https://[2001:db8::1]/x",
                "https://例え.テスト/パス|https://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9",
                "https://example.com/emoji/\uD83D\uDE00|https://example.com/emoji/%F0%9F%98%80",
                "https://Evil.Example./p|https://evil.example/p",
                "https://evil.example.:8443/p?q=a.b.#f.|https://evil.example:8443/p?q=a.b.#f.",
                "https://ｅｖｉｌ.example/p|https://evil.example/p",
                "http://1572395042/|http://93.184.216.34/",
                "http://0x5DB8D822:8080/A?B=1#C|http://93.184.216.34:8080/A?B=1#C",
                "http://0135.0270.0330.042/x|http://93.184.216.34/x",
                "http://93.184.55330/|http://93.184.216.34/",
                "http://93.12113954./|http://93.184.216.34/",
                "http://[::FFFF:93.184.216.34]:81/|http://[::ffff:5db8:d822]:81/",
                "http://[2001:0DB8:0:0:0:0:0:0001]/|http://[2001:db8::1]/",
            })
    void normalisesToPrintableAscii(String input, String expected) {
        String normalized = policy.normalize(input);
        assertEquals(expected, normalized);
        assertTrue(normalized.chars().allMatch(c -> c > 0x20 && c < 0x7F), "not printable ASCII: " + normalized);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                " ",
                "example.com",
                "/relative/path",
                "//example.com/x",
                "ftp://example.com/file",
                "javascript:alert(1)",
                "JaVaScRiPt:alert(1)",
                "data:text/html,<script>alert(1)</script>",
                "file:///etc/passwd",
                "mailto:someone@example.com",
                "https://",
                "https:///path",
                "https://example.com/a b",
                "https://example.com/\r\nSet-Cookie: x=1",
                "https://example.com/\n",
                "https://example.com/\t",
                "https://example.com/\u0000",
                "https://example.com/\u007F",
                "https://example.com/\u202Egnp.exe",
                "https://example.com/\u200B",
                "https://exa\u00ADmple.com/",
                "https://example.com/\u2028",
                "https://user:pass@example.com/",
                "https://google.com@evil.example/",
                "https://ü@bücher.example/",
                "https://example.com:99999/",
                "https://example.com:abc/",
                "https://exa mple.com/",
                "https://-bad-.example/",
                "https://example.com/%zz",
                "https://fx.example/loop",
                "https://FX.EXAMPLE:8443/loop",
                "https://www.fx.example/loop",
                "https://fx.example./loop",
                "https://FX.EXAMPLE.:8443/loop",
                "https://www.fx.example./loop",
                "https://ｆｘ.example/loop",
                "https://evil.123/",
                "https://1.2.3.4.5/",
                "https://4294967296/",
                "https://[fe80::1%25eth0]/",
                "https://example.com/\uD800",
            })
    void refusesWithAnErrorNamingTheUrlField(String input) {
        InvalidFieldException error = assertThrows(InvalidFieldException.class, () -> policy.normalize(input));
        assertEquals("url", error.toProblem().field());
    }

    @Test
    void enforcesTheLengthLimitBeforeAndAfterEncoding() {
        String base = "https://example.com/";
        assertEquals(
                2048, policy.normalize(base + "a".repeat(2048 - base.length())).length());
        assertThrows(InvalidFieldException.class, () -> policy.normalize(base + "a".repeat(2049 - base.length())));
        // 1,000 characters that each become 6 once percent-encoded
        assertThrows(InvalidFieldException.class, () -> policy.normalize(base + "ü".repeat(1000)));
    }

    /** The create path: the URL as stored, then the rules, as LinkRules runs them; no spelling gets past a rule. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://evil.example./p",
                "https://EVIL.EXAMPLE/p",
                "https://www.evil.example./p",
                "https://ｅｖｉｌ.example/p",
                "http://1572395042/",
                "http://0x5DB8D822/",
                "http://0135.0270.0330.042/",
                "http://93.184.55330/",
                "http://93.12113954/",
                "http://93.184.216.34./",
                "http://１５７２３９５０４２/",
                "http://[::ffff:93.184.216.34]/",
                "http://[::ffff:5db8:d822]/",
                "http://[2001:DB8:0:0:0:0:0:1]/",
                "http://[2001:db8:0::1]:8080/",
            })
    void noSpellingOfABlockedHostGetsPastItsRule(String url) {
        RuleSet rules = RuleSet.of(
                List.of(
                        new RuleSet.Stored(1, "evil.example", false),
                        new RuleSet.Stored(2, "93.184.216.34", false),
                        new RuleSet.Stored(3, "[2001:db8::1]", false)),
                false);
        String stored = policy.normalize(url);
        assertTrue(rules.refusalOfUrl(stored).isPresent(), stored);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://127.0.0.1:8080/x",
                "http://127.0.0.1./x",
                "http://2130706433:8080/x",
                "http://0x7f.1/x",
                "http://0177.0.0.01/x",
                "http://[::ffff:127.0.0.1]/x",
            })
    void refusesEverySpellingOfItsOwnAddress(String url) {
        UrlPolicy onAnAddress = new UrlPolicy(new LinkOptions(
                URI.create("http://127.0.0.1:8080"), 2048, Duration.ofDays(730), Duration.ofDays(3650), 302, true));
        assertThrows(InvalidFieldException.class, () -> onAnAddress.normalize(url));
        assertEquals("http://127.0.0.2/x", onAnAddress.normalize("http://127.0.0.2/x"));
    }
}
