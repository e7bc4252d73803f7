package io.fuxi.security.boundary;

import io.fuxi.security.control.Caller;
import io.fuxi.security.control.KeySecrets;
import io.fuxi.security.entity.ApiKey;
import io.fuxi.security.entity.Role;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/** Finds and creates API keys. */
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
                .map(key -> new Caller(key.id(), key.role()));
    }

    public boolean exists(String secret) {
        return authenticate(secret).isPresent();
    }

    public boolean none() {
        return em.createNamedQuery(ApiKey.COUNT, Long.class).getSingleResult() == 0;
    }

    public void create(String name, String secret, Role role) {
        em.persist(new ApiKey(name, KeySecrets.hash(secret), role, Instant.now(clock)));
    }
}
