package io.fuxi.redirect.boundary;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RedirectsWithoutCdiContextsTest {

    private static final Pattern WITH_CONTEXTS = Pattern.compile(RedirectsWithoutCdiContexts.pathsWithContexts());

    @ParameterizedTest
    @ValueSource(strings = {"/abc123", "/abc123/", "/Zx8", "/spring-sale", "/a_twenty_char_alias", "/administrator"})
    void aPathThatCanBeACodeRunsWithoutContexts(String path) {
        assertFalse(WITH_CONTEXTS.matcher(path).matches(), path);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/",
                "",
                "/admin",
                "/admin/",
                "/ADMIN/",
                "/Api",
                "/admin/index.xhtml",
                "/api/v1/links",
                "/favicon.ico",
                "/ab",
                "/a_twenty_one_chars_xx",
                "/abc123/stats",
                "/abc123\n",
                "/abc%20"
            })
    void everyOtherPathRunsWithThem(String path) {
        assertTrue(WITH_CONTEXTS.matcher(path).matches(), path);
    }
}
