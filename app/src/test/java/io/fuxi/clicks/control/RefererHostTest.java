package io.fuxi.clicks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class RefererHostTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "https://news.example/story/42|news.example",
                "http://news.example|news.example",
                "https://News.EXAMPLE/Story|news.example",
                "HTTPS://news.example/|news.example",
                "https://news.example:8443/story|news.example",
                "https://news.example?utm_source=x|news.example",
                "https://news.example#top|news.example",
                "https://news.example./story|news.example",
                "https://user:secret@news.example/|news.example",
                "https://news.example/@elsewhere.example|news.example",
                "https://xn--bcher-kva.example/|xn--bcher-kva.example",
                "http://192.0.2.1:8080/|192.0.2.1",
                "http://[2001:DB8::1]:8080/|[2001:db8::1]",
                "https://[::1]/|[::1]",
                "https://t.co/abc|t.co"
            })
    void theHostOfAnHttpRefererInLowerCase(String referer, String host) {
        assertEquals(host, RefererHost.of(referer));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(
            strings = {
                "news.example",
                "//news.example/",
                "ftp://news.example/",
                "android-app://com.example.app/",
                "javascript:alert(1)",
                "https://",
                "https:///story",
                "https://:8443/",
                "https://./",
                "https://news_site.example/",
                "https://b\u00fccher.example/",
                "https://news example/",
                "https://news.example\t/",
                "https://(other)/",
                "https://[::1/",
                "https://[]/",
                "https://[zz::1]/",
                "https://user@/"
            })
    void anythingElseHasNoHost(String referer) {
        assertNull(RefererHost.of(referer));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 63, RefererHost.MAX_HOST_LENGTH})
    void aHostUpToTheLongestDnsNameIsKept(int length) {
        String host = "a".repeat(length);
        assertEquals(host, RefererHost.of("https://" + host + "/"));
        assertEquals(host, RefererHost.of("https://" + host + "./"), "with the root's dot");
    }

    @ParameterizedTest
    @ValueSource(ints = {RefererHost.MAX_HOST_LENGTH + 1, 10_000})
    void aLongerOneIsNot(int length) {
        assertNull(RefererHost.of("https://" + "a".repeat(length) + "/"));
    }
}
