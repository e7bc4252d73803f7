package io.fuxi.security.boundary;

import io.fuxi.platform.problem.ProblemException;
import io.fuxi.security.entity.Role;
import java.security.Principal;

/**
 * The authenticated API key behind a request.
 *
 * @param rateLimitPerMinute the key's own limit, or null for the configured default
 */
public record Caller(long keyId, Role role, Integer rateLimitPerMinute) implements Principal {

    @Override
    public String getName() {
        return "key-" + keyId;
    }

    public boolean isAdmin() {
        return role == Role.ADMIN;
    }

    public void requireAdmin() {
        if (!isAdmin()) {
            throw new ProblemException(403, "Forbidden", "This call needs an admin key.");
        }
    }
}
