package io.fuxi.destinations.boundary;

import io.fuxi.destinations.control.RuleSet;
import io.fuxi.destinations.entity.DestinationRule;
import io.fuxi.platform.problem.InvalidFieldException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The destination rules in memory, for creates, edits and every redirect. Reloaded after each change on this
 * node and every 30 seconds (DestinationRefresh), so that other nodes' changes arrive without a restart.
 */
@ApplicationScoped
public class DestinationRules {

    @Inject
    DestinationStore store;

    private volatile RuleSet rules;

    /** Why a link to this host is refused, or empty when it is not. */
    public Optional<String> refusal(String host) {
        return current().refusal(host);
    }

    /** Refuses a create or an edit whose URL leads to a refused host, naming the rule. */
    public void check(String host) {
        refusal(host).ifPresent(reason -> {
            throw new InvalidFieldException("url", reason);
        });
    }

    public void reload() {
        Map<String, String> blocked = new HashMap<>();
        Map<String, String> allowed = new HashMap<>();
        for (RuleView rule : store.rules()) {
            (rule.kind() == DestinationRule.Kind.BLOCK ? blocked : allowed)
                    .put(rule.host(), rule.id() + " (" + rule.host() + ")");
        }
        rules = new RuleSet(Map.copyOf(blocked), Map.copyOf(allowed), store.allowListMode());
    }

    void onChange(@Observes(during = TransactionPhase.AFTER_SUCCESS) DestinationsChanged changed) {
        reload();
    }

    private RuleSet current() {
        RuleSet current = rules;
        if (current == null) {
            reload();
            current = rules;
        }
        return current;
    }
}
