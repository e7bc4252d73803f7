package io.fuxi.security.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Records each key's last use at most once a minute per node, so that busy keys do not write a row per call. */
@ApplicationScoped
public class KeyUse {

    static final Duration RESOLUTION = Duration.ofMinutes(1);

    @Inject
    ApiKeys keys;

    @Inject
    Clock clock;

    private final Map<Long, Instant> lastRecorded = new ConcurrentHashMap<>();

    public void used(long keyId) {
        Instant now = Instant.now(clock);
        Instant previous = lastRecorded.get(keyId);
        if (previous == null || previous.plus(RESOLUTION).isBefore(now)) {
            lastRecorded.put(keyId, now);
            keys.touch(keyId, now);
        }
    }
}
