package io.fuxi.destinations.boundary;

import io.fuxi.destinations.control.RuleSet;
import io.fuxi.destinations.entity.DestinationRule;
import io.fuxi.platform.cluster.Cluster;
import io.fuxi.platform.cluster.ClusterSnapshot;
import io.fuxi.platform.problem.InvalidFieldException;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.util.List;

/**
 * The destination rules in memory, for creates, edits and every redirect. Reloaded after each change on this node;
 * the other nodes of a cluster are told before the change is answered and read the rules again at their next use.
 * Every 30 seconds (DestinationRefresh) each node reloads anyway, in case it missed a word.
 */
@ApplicationScoped
public class DestinationRules {

    @Inject
    DestinationStore store;

    @Inject
    Cluster cluster;

    private ClusterSnapshot<RuleSet> rules;

    /** Starts with the application, so that this node hears of changes made elsewhere before it reads the rules. */
    void startEagerly(@Observes @Initialized(ApplicationScoped.class) Object application) {
        rules.toString();
    }

    @PostConstruct
    void listen() {
        rules = new ClusterSnapshot<>(cluster, "destinations", this::read);
    }

    /** Whether a redirect to this URL is refused; its host is read only when there are rules. */
    public boolean refusesUrl(String url) {
        return current().refusalOfUrl(url).isPresent();
    }

    /** Refuses a create or an edit whose URL leads to a refused host, naming the rule. */
    public void check(String url) {
        current().refusalOfUrl(url).ifPresent(reason -> {
            throw new InvalidFieldException("url", reason);
        });
    }

    public void reload() {
        rules.reload();
    }

    void onChange(@Observes(during = TransactionPhase.AFTER_SUCCESS) DestinationsChanged changed) {
        rules.changed();
    }

    private RuleSet read() {
        List<RuleSet.Stored> stored = store.rules().stream()
                .map(rule -> new RuleSet.Stored(rule.id(), rule.host(), rule.kind() == DestinationRule.Kind.ALLOW))
                .toList();
        return RuleSet.of(stored, store.allowListMode());
    }

    private RuleSet current() {
        return rules.current();
    }
}
