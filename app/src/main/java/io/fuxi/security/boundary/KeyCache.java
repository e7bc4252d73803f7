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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Remembers the keys that authenticated, for fuxi.api.key-cache-seconds, so that an API call costs no database query
 * for its key. A revoked key still fails its very next call, on any node: a revocation empties this cache on every
 * node before it is answered (a cluster topic), and a lookup that overlapped a revocation keeps nothing. Unknown keys
 * are not remembered (they could be made up without end); once their address has used up its failures, they are
 * checked against the hashes of all active keys, read at most once a second, instead of a query each.
 */
@ApplicationScoped
public class KeyCache {

    /** More known keys than this and the cache starts again: it cannot be made to grow without end. */
    static final int MAX_KEYS = 10_000;

    private static final long ACTIVE_READ_NANOS = TimeUnit.SECONDS.toNanos(1);

    @Inject
    ApiKeys keys;

    @Inject
    Cluster cluster;

    @Inject
    @ConfigProperty(name = "fuxi.api.key-cache-seconds", defaultValue = "60")
    int seconds;

    private final Map<String, Known> known = new ConcurrentHashMap<>();
    private final Object activeRead = new Object();
    private volatile Active active;
    private long revocationsHeard;
    private Cluster.Topic revocations;
    private Cluster.Topic creations;

    @PostConstruct
    void listen() {
        revocations = cluster.topic("key-revocations", revoked -> forget());
        creations = cluster.topic("key-creations", made -> active = null);
    }

    /** Starts with the application, so that this node hears of revocations elsewhere before it remembers a key. */
    void startEagerly(@Observes @Initialized(ApplicationScoped.class) Object application) {
        revocations.toString();
        creations.toString();
    }

    public Optional<Caller> authenticate(String secret) {
        return authenticate(secret, false);
    }

    /**
     * The key's caller. {@code sparingly} (its address has used up its failures): a key that is neither remembered
     * nor among the active keys is refused without a query of its own, so that a flood of made-up keys costs the
     * database one read a second while every valid key still gets in.
     */
    public Optional<Caller> authenticate(String secret, boolean sparingly) {
        String hash = KeySecrets.hash(secret);
        long now = System.nanoTime();
        Known remembered = known.get(hash);
        if (remembered != null && now - remembered.since() < TimeUnit.SECONDS.toNanos(seconds)) {
            return Optional.of(remembered.caller());
        }
        if (sparingly && remembered == null && !activeHashes(now).contains(hash)) {
            return Optional.empty();
        }
        long heardBefore;
        synchronized (this) {
            heardBefore = revocationsHeard;
        }
        Optional<Caller> caller = keys.authenticateHash(hash);
        caller.ifPresent(found -> remember(hash, found, now, heardBefore));
        return caller;
    }

    /** A new key is among the active keys on every node before its creation is answered. */
    void onCreated(@Observes(during = TransactionPhase.AFTER_SUCCESS) KeyCreated made) {
        active = null;
        creations.publish(Long.toString(made.id()));
    }

    void onRevoked(@Observes(during = TransactionPhase.AFTER_SUCCESS) KeyRevoked revoked) {
        forget();
        revocations.publish(Long.toString(revoked.id()));
    }

    /** The hashes of the active keys, read again when older than a second (one reader at a time). */
    private Set<String> activeHashes(long now) {
        Active read = active;
        if (read == null || now - read.at() > ACTIVE_READ_NANOS) {
            synchronized (activeRead) {
                read = active;
                if (read == null || now - read.at() > ACTIVE_READ_NANOS) {
                    read = new Active(keys.activeHashes(), System.nanoTime());
                    active = read;
                }
            }
        }
        return read.hashes();
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

    private record Active(Set<String> hashes, long at) {}
}
