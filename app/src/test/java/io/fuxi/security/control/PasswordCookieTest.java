package io.fuxi.security.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PasswordCookieTest {

    private static final byte[] SECRET = "a secret of the installation, 32".getBytes(StandardCharsets.US_ASCII);
    private final PasswordCookie cookies = new PasswordCookie(SECRET);

    @Test
    void aCookieAdmitsItsLinkWithItsPasswordUntilItExpires() {
        String value = cookies.value("aB3dE9", 41L, 1_000L);
        assertTrue(cookies.admits(value, "aB3dE9", 41L, 999L));
        assertFalse(cookies.admits(value, "aB3dE9", 41L, 1_000L), "expired");
        assertFalse(cookies.admits(value, "aB3dE8", 41L, 999L), "another link");
        assertFalse(cookies.admits(value, "aB3dE9", 43L, 999L), "the link's password changed");
        assertFalse(
                new PasswordCookie("another installation's secret!!".getBytes(StandardCharsets.US_ASCII))
                        .admits(value, "aB3dE9", 41L, 999L),
                "another secret");
    }

    @Test
    void aLaterExpiryCannotBeWrittenIntoACookie() {
        String value = cookies.value("aB3dE9", 41L, 1_000L);
        String extended = "999999" + value.substring(value.indexOf('.'));
        assertNotEquals(value, extended);
        assertFalse(cookies.admits(extended, "aB3dE9", 41L, 999L));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                ".",
                "1000",
                "1000.",
                ".AAAA",
                "x.AAAA",
                "1000.!!!",
                "1000.AAAA",
                "-1.AAAA",
                "99999999999999999999999.AAAA",
                "1000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
            })
    void aGarbledCookieAdmitsNothing(String value) {
        assertFalse(cookies.admits(value, "aB3dE9", 41L, 999L));
    }

    @Test
    void noCookieAdmitsNothing() {
        assertFalse(cookies.admits(null, "aB3dE9", 41L, 999L));
    }
}
