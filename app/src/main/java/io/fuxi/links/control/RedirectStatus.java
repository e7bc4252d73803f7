package io.fuxi.links.control;

import io.fuxi.platform.problem.InvalidFieldException;
import java.util.Set;

/** The redirect statuses a link may answer with. */
public final class RedirectStatus {

    public static final Set<Integer> ALLOWED = Set.of(301, 302, 307, 308);

    private RedirectStatus() {}

    public static int check(int status) {
        if (!ALLOWED.contains(status)) {
            throw new InvalidFieldException("redirectStatus", "redirectStatus must be 301, 302, 307 or 308");
        }
        return status;
    }
}
