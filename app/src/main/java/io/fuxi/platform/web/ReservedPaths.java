package io.fuxi.platform.web;

import java.util.Arrays;
import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;

/**
 * First path segments the application keeps for itself (its API, console, health and static files) or may need
 * later: no alias may take one, and the redirect lets them pass. Compared ignoring case. The pattern in web.xml that
 * tells Weld which paths need CDI contexts names them too (ADR 25; RedirectPathsWithoutContextsTest fails until it
 * does).
 */
public final class ReservedPaths {

    private static final Set<String> WORDS = caseInsensitive(
            "api",
            "admin",
            "health",
            "metrics",
            "openapi",
            "resources",
            "static",
            "assets",
            "css",
            "js",
            "img",
            "images",
            "fonts",
            "webjars",
            "login",
            "logout",
            "web-inf",
            "meta-inf",
            "favicon",
            "robots",
            "sitemap",
            "well-known",
            "jakarta",
            "javax",
            "faces",
            "fuxi");

    private ReservedPaths() {}

    public static boolean contains(String segment) {
        return WORDS.contains(segment);
    }

    /** Every reserved segment, in lower case. */
    public static Set<String> words() {
        return WORDS;
    }

    /** Case-insensitive without copying the word: the redirect asks on every request. */
    private static Set<String> caseInsensitive(String... words) {
        Set<String> set = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        set.addAll(Arrays.asList(words));
        return Collections.unmodifiableSet(set);
    }
}
