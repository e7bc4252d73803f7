package io.fuxi.redirect.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class QueryForwardingTest {

    @ParameterizedTest(name = "{0} + {1}")
    @CsvSource(
            delimiter = '|',
            nullValues = "NULL",
            value = {
                "https://e.org/p         | NULL              | https://e.org/p",
                "https://e.org/p         | ''                | https://e.org/p",
                "https://e.org/p         | utm_source=x      | https://e.org/p?utm_source=x",
                "https://e.org/p?a=1     | utm_source=x      | https://e.org/p?a=1&utm_source=x",
                "https://e.org/p?a=1&    | b=2               | https://e.org/p?a=1&b=2",
                "https://e.org/p?        | b=2               | https://e.org/p?b=2",
                "https://e.org/p#top     | b=2               | https://e.org/p?b=2#top",
                "https://e.org/p?a=1#t?x | b=2               | https://e.org/p?a=1&b=2#t?x",
                "https://e.org/p?a=1     | a=2&a=3           | https://e.org/p?a=1&a=2&a=3",
                "https://e.org/p         | q=caf%C3%A9&x=%2F | https://e.org/p?q=caf%C3%A9&x=%2F",
                "https://e.org/p         | flag              | https://e.org/p?flag",
                "https://e.org/p         | path=/a/b?c:d@e   | https://e.org/p?path=/a/b?c:d@e",
            })
    void appendsTheQueryAfterTheTargetsOwnAndBeforeItsFragment(String target, String query, String location) {
        assertEquals(location, QueryForwarding.apply(target, query));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "a=\r\nSet-Cookie: x=1",
                "a=<script>\"'",
                "a=b c",
                "a=%zz%",
                "a=#frag",
                "q=café",
                "q=\u0000\u007f",
                "e=😀"
            })
    void anythingElseIsPercentEncoded(String query) {
        String location = QueryForwarding.apply("https://e.org/p", query);
        assertTrue(location.startsWith("https://e.org/p?"), location);
        assertTrue(location.chars().allMatch(c -> c > 0x20 && c < 0x7F && c != '#' && c != '"' && c != '<'), location);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "a=b c        | a=b%20c",
                "a=%zz%       | a=%25zz%25",
                "q=café       | q=caf%C3%A9",
                "e=😀         | e=%F0%9F%98%80",
                "a=#x         | a=%23x",
            })
    void encodesAsUtf8(String query, String forwarded) {
        assertEquals("https://e.org/p?" + forwarded, QueryForwarding.apply("https://e.org/p", query));
    }

    @Test
    void lineBreaksCannotReachTheHeader() {
        assertEquals(
                "https://e.org/p?x=%0D%0ASet-Cookie:%20a=1",
                QueryForwarding.apply("https://e.org/p", "x=\r\nSet-Cookie: a=1"));
    }
}
