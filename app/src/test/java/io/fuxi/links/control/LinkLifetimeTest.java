package io.fuxi.links.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.fuxi.platform.problem.InvalidFieldException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LinkLifetimeTest {

    private static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
    private final LinkLifetime lifetime = new LinkLifetime(new LinkOptions(
            URI.create("http://localhost:8080"), 2048, Duration.ofDays(730), Duration.ofDays(3650), 302, true));

    @Test
    void defaultsToTwoYears() {
        assertEquals(Instant.parse("2028-11-20T12:00:00Z"), lifetime.expiresAt(Optional.empty(), NOW));
    }

    @Test
    void keepsAFutureExpiryWithinTheLimit() {
        Instant asked = NOW.plusSeconds(1);
        assertEquals(asked, lifetime.expiresAt(Optional.of(asked), NOW));
        Instant furthest = NOW.plus(Duration.ofDays(3650));
        assertEquals(furthest, lifetime.expiresAt(Optional.of(furthest), NOW));
    }

    @Test
    void refusesThePastTheNowAndTheTooFar() {
        for (Instant asked : new Instant[] {
            NOW.minusSeconds(1), NOW, NOW.plus(Duration.ofDays(3650)).plusMillis(1)
        }) {
            InvalidFieldException error =
                    assertThrows(InvalidFieldException.class, () -> lifetime.expiresAt(Optional.of(asked), NOW));
            assertEquals("expiresAt", error.toProblem().field());
        }
    }
}
