package io.fuxi.links.control;

import io.fuxi.platform.problem.InvalidFieldException;
import java.time.Instant;
import java.util.Optional;

/** When a link expires: what the caller asked for, within (now, now + max lifetime], or the default lifetime. */
public class ExpiryPolicy {

    private final LinkOptions options;

    public ExpiryPolicy(LinkOptions options) {
        this.options = options;
    }

    public Instant expiresAt(Optional<Instant> requested, Instant now) {
        if (requested.isEmpty()) {
            return now.plus(options.defaultLifetime());
        }
        Instant expiresAt = requested.get();
        if (!expiresAt.isAfter(now)) {
            throw new InvalidFieldException("expiresAt", "expiresAt must be in the future");
        }
        if (expiresAt.isAfter(now.plus(options.maxLifetime()))) {
            throw new InvalidFieldException("expiresAt", "expiresAt must be at most " + options.maxLifetime().toDays() + " days away");
        }
        return expiresAt;
    }
}
