package io.fuxi.links.boundary;

import io.fuxi.links.control.LinkRequest;
import io.fuxi.security.boundary.Caller;
import java.time.Instant;
import java.util.Optional;

/**
 * A create request that passed every rule at {@code checkedAt} (the link's creation time, from which its expiry was
 * worked out), with the URL as stored and the alias as checked; no code taken yet.
 */
record CheckedCreate(
        Caller caller,
        LinkRequest request,
        String url,
        Instant checkedAt,
        Instant expiresAt,
        Optional<String> alias,
        Optional<Instant> validSince,
        Optional<String> fallbackUrl) {}
