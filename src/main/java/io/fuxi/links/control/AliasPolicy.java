package io.fuxi.links.control;

import io.fuxi.platform.problem.InvalidFieldException;
import java.util.Arrays;
import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;

/**
 * A custom alias: 3 to 20 characters of A-Za-z0-9_-. One of exactly six characters must contain - or _, so it
 * can never equal a generated code. Words the application uses for its own paths are reserved.
 */
public final class AliasPolicy {

    private static final Set<String> RESERVED = caseInsensitive(
            "api", "admin", "health", "metrics", "openapi", "resources", "static", "assets", "css", "js", "img",
            "images", "fonts", "webjars", "login", "logout", "web-inf", "meta-inf", "favicon", "robots", "sitemap",
            "well-known", "jakarta", "javax", "faces", "fuxi");

    private AliasPolicy() {
    }

    public static String check(String alias) {
        if (!CodeShape.matches(alias)) {
            throw invalid("alias must be 3 to 20 characters of A-Z, a-z, 0-9, '_' and '-'");
        }
        if (alias.length() == 6 && alias.indexOf('-') < 0 && alias.indexOf('_') < 0) {
            throw invalid("an alias of exactly 6 characters must contain '-' or '_' (6 plain characters are reserved for generated codes)");
        }
        if (isReserved(alias)) {
            throw invalid("alias '" + alias + "' is reserved");
        }
        return alias;
    }

    /** Case-insensitive without copying the word: the redirect asks on every request. */
    private static Set<String> caseInsensitive(String... words) {
        Set<String> set = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        set.addAll(Arrays.asList(words));
        return Collections.unmodifiableSet(set);
    }

    public static boolean isReserved(String path) {
        return RESERVED.contains(path);
    }

    private static InvalidFieldException invalid(String detail) {
        return new InvalidFieldException("alias", detail);
    }
}
