package io.fuxi.security.boundary;

import io.fuxi.platform.problem.ProblemException;
import io.fuxi.security.entity.Role;
import java.security.Principal;
import java.util.List;

/**
 * Who is behind a call: an API key, or a console account acting with an admin's reach.
 *
 * @param keyId              the API key, or 0 for a console account (which owns no links)
 * @param rateLimitPerMinute the key's own limit, or null for the configured default
 * @param actor              who it is in a link's history: {@code key:<id>} or {@code account:<name>}
 * @param readOnly           a viewer account: reads what an admin reads, changes nothing
 * @param domains            the hosts of the domains it may put links on; null: every domain
 */
public record Caller(
        long keyId, Role role, Integer rateLimitPerMinute, String actor, boolean readOnly, List<String> domains)
        implements Principal {

    static Caller key(long keyId, Role role, Integer rateLimitPerMinute, List<String> domains) {
        return new Caller(keyId, role, rateLimitPerMinute, "key:" + keyId, false, domains);
    }

    static Caller account(String name, boolean readOnly) {
        return new Caller(0, Role.ADMIN, null, "account:" + name, readOnly, null);
    }

    /** Refuses, naming the field, to put a link on a domain this caller may not use. */
    public void requireDomain(String host, String field) {
        if (domains != null && !domains.contains(host)) {
            throw new ProblemException(403, "Forbidden", "this key may not put links on the domain " + host, field);
        }
    }

    @Override
    public String getName() {
        return actor;
    }

    public boolean isAdmin() {
        return role == Role.ADMIN;
    }

    public void requireAdmin() {
        if (!isAdmin()) {
            throw new ProblemException(403, "Forbidden", "This call needs an admin key.");
        }
    }

    /** Refuses a viewer account anything that would change something. */
    public void requireChanges() {
        if (readOnly) {
            throw new ProblemException(403, "Forbidden", "This account may only read.");
        }
    }
}
