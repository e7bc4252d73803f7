package io.fuxi.destinations.boundary;

import io.fuxi.destinations.control.RuleHost;
import io.fuxi.destinations.entity.DestinationMode;
import io.fuxi.destinations.entity.DestinationRule;
import io.fuxi.platform.problem.ProblemException;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/** The rules and the mode as stored; every change is announced so that each node reloads its rules. */
@Stateless
public class DestinationStore {

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    Event<DestinationsChanged> changed;

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<RuleView> rules() {
        return em.createNamedQuery(DestinationRule.ALL, DestinationRule.class)
                .getResultStream()
                .map(RuleView::of)
                .toList();
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public boolean allowListMode() {
        DestinationMode mode = em.find(DestinationMode.class, DestinationMode.ID);
        return mode != null && mode.allowList();
    }

    /** Adds a rule for the host (and its subdomains), as a host name in the form links are compared in. */
    public RuleView add(String requestedHost, DestinationRule.Kind kind, String note) {
        String host = RuleHost.of(requestedHost);
        DestinationRule rule = new DestinationRule(host, kind, note, Instant.now(clock));
        try {
            em.persist(rule);
            em.flush();
        } catch (PersistenceException e) {
            throw new ProblemException(
                    409, "Conflict", "there is already a " + kind.name().toLowerCase() + " rule for " + host, "host");
        }
        changed.fire(new DestinationsChanged());
        return RuleView.of(rule);
    }

    public void remove(long id) {
        DestinationRule rule = em.find(DestinationRule.class, id);
        if (rule == null) {
            throw new ProblemException(404, "Not Found", "no destination rule has the id " + id, "id");
        }
        em.remove(rule);
        changed.fire(new DestinationsChanged());
    }

    public void allowListMode(boolean allowList) {
        em.find(DestinationMode.class, DestinationMode.ID).allowList(allowList);
        changed.fire(new DestinationsChanged());
    }
}
