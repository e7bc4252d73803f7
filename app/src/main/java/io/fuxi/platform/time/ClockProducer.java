package io.fuxi.platform.time;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Clock;

/**
 * The one source of "now", so that tests can replace it (CDI alternative) instead of sleeping. The clock is dependent
 * (no client proxy): the redirect path asks it the time on every request, and a call through an application-scoped
 * proxy made and dropped a thread-local stack each time (ADR 32).
 */
@ApplicationScoped
public class ClockProducer {

    @Produces
    Clock clock() {
        return Clock.systemUTC();
    }
}
