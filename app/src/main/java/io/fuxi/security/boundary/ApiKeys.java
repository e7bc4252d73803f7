package io.fuxi.security.boundary;

import io.fuxi.platform.problem.FieldText;
import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.problem.ProblemException;
import io.fuxi.security.control.KeySecrets;
import io.fuxi.security.entity.ApiKey;
import io.fuxi.security.entity.Role;
import jakarta.ejb.Asynchronous;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Finds, creates, lists and revokes API keys. A revoked key fails its very next call: calls find their keys through
 * {@link KeyCache}, which every revocation empties on every node.
 */
@Stateless
public class ApiKeys {

    static final int MAX_NAME = 100;
    static final int MAX_RATE = 1_000_000;

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    Event<KeyRevoked> revoked;

    @Inject
    Event<KeyCreated> created;

    /** The key whose secret has this hash (KeySecrets), unless revoked: a read, so no transaction of its own. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<Caller> authenticateHash(String hash) {
        return em.createNamedQuery(ApiKey.ACTIVE_BY_HASH, ApiKey.class)
                .setParameter("hash", hash)
                .getResultStream()
                .findFirst()
                .map(key -> Caller.key(key.id(), key.role(), key.rateLimitPerMinute(), key.domains()));
    }

    /** The hashes of every key that is not revoked: there are few keys, so this is one short read. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Set<String> activeHashes() {
        return Set.copyOf(
                em.createNamedQuery(ApiKey.ACTIVE_HASHES, String.class).getResultList());
    }

    public boolean exists(String secret) {
        return authenticateHash(KeySecrets.hash(secret)).isPresent();
    }

    public boolean none() {
        return em.createNamedQuery(ApiKey.COUNT, Long.class).getSingleResult() == 0;
    }

    /** Registers a key whose secret is already known (the bootstrap key). */
    public void createWithSecret(String name, String secret, Role role) {
        ApiKey key = new ApiKey(name, KeySecrets.hash(secret), role, Instant.now(clock), null);
        em.persist(key);
        em.flush();
        created.fire(new KeyCreated(key.id()));
    }

    /**
     * Creates a key as the API or the console asks for it, checked here for both: a name, the role {@code partner}
     * (when null) or {@code admin}, and its own rate limit per minute (null: the configured default).
     */
    public NewKey create(String name, String role, Integer rateLimitPerMinute) {
        return create(name, role, rateLimitPerMinute, null);
    }

    /** @param domains the hosts of the domains the key may put links on, as checked; null: every domain */
    public NewKey create(String name, String role, Integer rateLimitPerMinute, List<String> domains) {
        return store(FieldText.required("name", name, MAX_NAME), role(role), rateLimit(rateLimitPerMinute), domains);
    }

    /** Restricts a key to the domains with these hosts (as checked; null: every domain), on every node at once. */
    public KeyView restrictToDomains(long id, List<String> domains) {
        ApiKey key = em.find(ApiKey.class, id);
        if (key == null) {
            throw new ProblemException(404, "Not Found", "no API key has the id " + id, "id");
        }
        key.restrictToDomains(domains);
        revoked.fire(new KeyRevoked(id)); // every node forgets the callers it remembers, and so reads the key anew
        return KeyView.of(key);
    }

    private NewKey store(String name, Role role, Integer rateLimitPerMinute, List<String> domains) {
        String secret = KeySecrets.newSecret();
        ApiKey key = new ApiKey(name, KeySecrets.hash(secret), role, Instant.now(clock), rateLimitPerMinute);
        key.restrictToDomains(domains);
        em.persist(key);
        em.flush();
        created.fire(new KeyCreated(key.id()));
        return new NewKey(KeyView.of(key), secret);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<KeyView> list() {
        return em.createNamedQuery(ApiKey.ALL, ApiKey.class)
                .getResultStream()
                .map(KeyView::of)
                .toList();
    }

    /** The keys not revoked: those that links can be made for. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<KeyView> active() {
        return list().stream().filter(key -> key.revokedAt() == null).toList();
    }

    public void revoke(long id) {
        ApiKey key = em.find(ApiKey.class, id);
        if (key == null) {
            throw new ProblemException(404, "Not Found", "no API key has the id " + id, "id");
        }
        if (key.isActiveAdmin()
                && em.createNamedQuery(ApiKey.ACTIVE_ADMINS, Long.class).getSingleResult() == 1) {
            throw new ProblemException(
                    409, "Conflict", "this is the last active admin key; create another admin key first", "id");
        }
        key.revoke(Instant.now(clock));
        revoked.fire(new KeyRevoked(id));
    }

    private static Role role(String role) {
        String asked = role == null ? "partner" : role;
        for (Role candidate : Role.values()) {
            if (candidate.name().toLowerCase(Locale.ROOT).equals(asked)) {
                return candidate;
            }
        }
        throw new InvalidFieldException("role", "role must be \"partner\" or \"admin\"");
    }

    private static Integer rateLimit(Integer perMinute) {
        if (perMinute != null && (perMinute < 1 || perMinute > MAX_RATE)) {
            throw new InvalidFieldException(
                    "rateLimitPerMinute", "rateLimitPerMinute must be a whole number from 1 to " + MAX_RATE);
        }
        return perMinute;
    }

    /** Records that a key was used, off the request's path. */
    @Asynchronous
    public void touch(long id, Instant when) {
        em.createNamedQuery(ApiKey.TOUCH)
                .setParameter("now", when)
                .setParameter("id", id)
                .executeUpdate();
    }
}
