package io.fuxi.destinations.boundary;

import io.fuxi.destinations.control.RuleHost;
import io.fuxi.destinations.entity.DestinationMode;
import io.fuxi.destinations.entity.DestinationRule;
import io.fuxi.platform.problem.FieldText;
import io.fuxi.platform.problem.InvalidFieldException;
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

    static final int MAX_NOTE = 200;

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

    /**
     * Adds a rule for the host (and its subdomains), in the spelling links are compared in (RuleHost). What the API or
     * the console asks for is checked here for both: a host name or an IP address, the kind {@code block} (when null) or {@code allow},
     * and an optional note.
     */
    public RuleView add(String requestedHost, String requestedKind, String requestedNote) {
        String host = RuleHost.of(FieldText.required("host", requestedHost, RuleHost.MAX_LENGTH));
        DestinationRule.Kind kind = kind(requestedKind);
        String note = FieldText.optional("note", requestedNote, MAX_NOTE).orElse(null);
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

    /** Sets the mode: {@code block} refuses blocked hosts, {@code allow} accepts only allowed hosts. */
    public void mode(String mode) {
        if (!"block".equals(mode) && !"allow".equals(mode)) {
            throw new InvalidFieldException(
                    "mode", "mode must be \"block\" (refuse listed hosts) or \"allow\" (accept only listed hosts)");
        }
        em.find(DestinationMode.class, DestinationMode.ID).allowList(mode.equals("allow"));
        changed.fire(new DestinationsChanged());
    }

    private static DestinationRule.Kind kind(String kind) {
        return switch (kind == null ? "block" : kind) {
            case "block" -> DestinationRule.Kind.BLOCK;
            case "allow" -> DestinationRule.Kind.ALLOW;
            default -> throw new InvalidFieldException("kind", "kind must be \"block\" or \"allow\"");
        };
    }
}
