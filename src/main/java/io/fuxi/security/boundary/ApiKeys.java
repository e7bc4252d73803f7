package io.fuxi.security.boundary;

import io.fuxi.platform.problem.ProblemException;
import io.fuxi.security.control.KeySecrets;
import io.fuxi.security.entity.ApiKey;
import io.fuxi.security.entity.Role;
import jakarta.ejb.Asynchronous;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Finds, creates, lists and revokes API keys. A revoked key fails its very next call: keys are looked up on every call. */
@Stateless
public class ApiKeys {

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    /** Runs on every API call: a read, so no transaction of its own. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<Caller> authenticate(String secret) {
        return em.createNamedQuery(ApiKey.ACTIVE_BY_HASH, ApiKey.class)
                .setParameter("hash", KeySecrets.hash(secret))
                .getResultStream()
                .findFirst()
                .map(key -> Caller.key(key.id(), key.role(), key.rateLimitPerMinute()));
    }

    public boolean exists(String secret) {
        return authenticate(secret).isPresent();
    }

    public boolean none() {
        return em.createNamedQuery(ApiKey.COUNT, Long.class).getSingleResult() == 0;
    }

    public void create(String name, String secret, Role role) {
        em.persist(new ApiKey(name, KeySecrets.hash(secret), role, Instant.now(clock), null));
    }

    public NewKey create(String name, Role role, Integer rateLimitPerMinute) {
        String secret = KeySecrets.newSecret();
        ApiKey key = new ApiKey(name, KeySecrets.hash(secret), role, Instant.now(clock), rateLimitPerMinute);
        em.persist(key);
        em.flush();
        return new NewKey(KeyView.of(key), secret);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<KeyView> list() {
        return em.createNamedQuery(ApiKey.ALL, ApiKey.class)
                .getResultStream()
                .map(KeyView::of)
                .toList();
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
