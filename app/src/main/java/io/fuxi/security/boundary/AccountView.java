package io.fuxi.security.boundary;

import java.io.Serializable;
import java.time.Instant;

/**
 * A console account as the console lists it: never its password hash.
 *
 * @param role          {@code admin} or {@code viewer}
 * @param lastSignInAt  null until its first sign-in
 */
public record AccountView(String username, String role, Instant createdAt, Instant lastSignInAt)
        implements Serializable {}
