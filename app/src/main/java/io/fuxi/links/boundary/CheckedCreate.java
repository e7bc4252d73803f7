package io.fuxi.links.boundary;

import io.fuxi.links.control.LinkRequest;
import io.fuxi.security.boundary.Caller;
import java.time.Instant;
import java.util.Optional;

/**
 * A create request that passed every rule at {@code checkedAt} (the link's creation time, from which its expiry was
 * worked out), with the URL as stored, the alias as checked, the password hashed and the domain found; no code taken
 * yet.
 */
record CheckedCreate(
        Caller caller,
        LinkRequest request,
        String url,
        Instant checkedAt,
        Instant expiresAt,
        Optional<String> alias,
        Optional<Instant> validSince,
        Optional<String> fallbackUrl,
        Optional<String> passwordHash,
        int domainId) {}
