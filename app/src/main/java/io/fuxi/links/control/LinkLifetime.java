package io.fuxi.links.control;

import io.fuxi.platform.problem.InvalidFieldException;
import java.time.Instant;
import java.util.Optional;

/** How long a link lives: until the time the caller asked for, within (now, now + max lifetime], or for the default lifetime. */
public class LinkLifetime {

    private final LinkOptions options;

    public LinkLifetime(LinkOptions options) {
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
            throw new InvalidFieldException(
                    "expiresAt",
                    "expiresAt must be at most " + options.maxLifetime().toDays() + " days away");
        }
        return expiresAt;
    }
}
