package io.fuxi.it.clock;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.Produces;
import jakarta.interceptor.Interceptor;
import java.io.Serializable;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Test code that goes into the deployment of tests about time: replaces the application's clock (a CDI alternative
 * to ClockProducer) with the system clock plus an offset that {@link ClockResource} moves forward.
 */
@Alternative
@Priority(Interceptor.Priority.APPLICATION + 100)
@ApplicationScoped
public class MovableClock {

    static final AtomicLong OFFSET_MILLIS = new AtomicLong();

    @Produces
    Clock clock() { // dependent, like the clock it replaces: every instance reads the one offset
        return new Moved();
    }

    /** The system clock, moved: serializable, as the view-scoped console beans that hold a clock must be. */
    static final class Moved extends Clock implements Serializable {

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException("the application works in UTC");
        }

        @Override
        public long millis() {
            return System.currentTimeMillis() + OFFSET_MILLIS.get();
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis());
        }

        @Override
        public String toString() {
            return "system clock moved by " + Duration.ofMillis(OFFSET_MILLIS.get());
        }
    }
}
