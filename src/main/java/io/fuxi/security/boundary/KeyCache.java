package io.fuxi.security.boundary;

import io.fuxi.platform.cluster.Cluster;
import io.fuxi.security.control.KeySecrets;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Remembers the keys that authenticated, for fuxi.api.key-cache-seconds, so that an API call costs no database query
 * for its key. A revoked key still fails its very next call, on any node: a revocation empties this cache on every
 * node before it is answered (a cluster topic), and a lookup that overlapped a revocation keeps nothing. Unknown keys
 * are not remembered (they are few, rate-limited by address, and could be made up without end).
 */
@ApplicationScoped
public class KeyCache {

    /** More known keys than this and the cache starts again: it cannot be made to grow without end. */
    static final int MAX_KEYS = 10_000;

    @Inject
    ApiKeys keys;

    @Inject
    Cluster cluster;

    @Inject
    @ConfigProperty(name = "fuxi.api.key-cache-seconds", defaultValue = "60")
    int seconds;

    private final Map<String, Known> known = new ConcurrentHashMap<>();
    private long revocationsHeard;
    private Cluster.Topic revocations;

    @PostConstruct
    void listen() {
        revocations = cluster.topic("key-revocations", revoked -> forget());
    }

    /** Starts with the application, so that this node hears of revocations elsewhere before it remembers a key. */
    void startEagerly(@Observes @Initialized(ApplicationScoped.class) Object application) {
        revocations.toString();
    }

    public Optional<Caller> authenticate(String secret) {
        String hash = KeySecrets.hash(secret);
        long now = System.nanoTime();
        Known remembered = known.get(hash);
        if (remembered != null && now - remembered.since() < TimeUnit.SECONDS.toNanos(seconds)) {
            return Optional.of(remembered.caller());
        }
        long heardBefore;
        synchronized (this) {
            heardBefore = revocationsHeard;
        }
        Optional<Caller> caller = keys.authenticateHash(hash);
        caller.ifPresent(found -> remember(hash, found, now, heardBefore));
        return caller;
    }

    void onRevoked(@Observes(during = TransactionPhase.AFTER_SUCCESS) KeyRevoked revoked) {
        forget();
        revocations.publish(Long.toString(revoked.id()));
    }

    private synchronized void remember(String hash, Caller caller, long now, long heardBefore) {
        if (revocationsHeard != heardBefore) {
            return; // the key was read before a revocation that this node may not have seen in it
        }
        if (known.size() >= MAX_KEYS) {
            known.clear();
        }
        known.put(hash, new Known(caller, now));
    }

    private synchronized void forget() {
        revocationsHeard++;
        known.clear();
    }

    private record Known(Caller caller, long since) {}
}
