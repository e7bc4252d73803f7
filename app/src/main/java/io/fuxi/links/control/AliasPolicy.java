package io.fuxi.links.control;

import io.fuxi.codes.boundary.CodeShape;
import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.web.ReservedPaths;

/**
 * A custom alias: 3 to 20 characters of A-Za-z0-9_-. One of exactly six characters must contain - or _, so it
 * can never equal a generated code. The application's own paths are reserved.
 */
public final class AliasPolicy {

    private AliasPolicy() {}

    public static String check(String alias) {
        if (!CodeShape.isCode(alias)) {
            throw invalid("alias must be 3 to 20 characters of A-Z, a-z, 0-9, '_' and '-'");
        }
        if (CodeShape.isGenerated(alias)) {
            throw invalid(
                    "an alias of exactly 6 characters must contain '-' or '_' (6 plain characters are reserved for generated codes)");
        }
        if (ReservedPaths.contains(alias)) {
            throw invalid("alias '" + alias + "' is reserved");
        }
        return alias;
    }

    private static InvalidFieldException invalid(String detail) {
        return new InvalidFieldException("alias", detail);
    }
}
