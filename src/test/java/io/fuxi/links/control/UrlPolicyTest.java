package io.fuxi.links.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fuxi.platform.problem.InvalidFieldException;
import java.net.URI;
import java.time.Duration;
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
}
