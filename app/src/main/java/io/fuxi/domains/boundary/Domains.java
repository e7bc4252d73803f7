package io.fuxi.domains.boundary;

import io.fuxi.platform.cluster.Cluster;
import io.fuxi.platform.cluster.ClusterSnapshot;
import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.web.HostName;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The domains in memory, for creates, edits and every redirect. Reloaded after each change on this node; the other
 * nodes of a cluster are told before the change is answered and read the domains again at their next use. Every 30
 * seconds (DomainRefresh) each node reloads anyway, in case it missed a word.
 */
@ApplicationScoped
public class Domains {

    @Inject
    DomainStore store;

    @Inject
    Cluster cluster;

    @Inject
    @ConfigProperty(name = "fuxi.base-url") // default in META-INF/microprofile-config.properties
    String baseUrl;

    private ClusterSnapshot<DomainSet<DomainView>> domains;

    /** Starts with the application, so that this node hears of changes made elsewhere before it reads the domains. */
    void startEagerly(@Observes @Initialized(ApplicationScoped.class) Object application) {
        domains.toString();
    }

    @PostConstruct
    void listen() {
        domains = new ClusterSnapshot<>(cluster, "domains", this::read);
    }

    public DomainSet<DomainView> current() {
        return domains.current();
    }

    /**
     * The domain a caller names for a link: the default one for empty, null or its host; else a configured one, in any
     * case, or a 400 problem naming the field.
     */
    public DomainView named(Optional<String> host, String field) {
        DomainSet<DomainView> set = current();
        if (host.isEmpty()) {
            return set.byDefault();
        }
        String canonical = HostName.canonical(host.get()).orElse(host.get());
        if (canonical.equals(set.byDefault().host())) {
            return set.byDefault();
        }
        DomainView domain = set.configured(canonical);
        if (domain == null) {
            throw new InvalidFieldException( // the text asked for is not echoed: it may be anything
                    field, field + " must be the host of one of this shortener's domains (GET /api/v1/domains)");
        }
        return domain;
    }

    /** The host of the domain with this id, as a link's answers name it; null for the default domain. */
    public String hostOf(int domainId) {
        DomainView domain = domainId == DomainView.DEFAULT_ID ? null : current().byId(domainId);
        return domain == null || domain.isDefault() ? null : domain.host();
    }

    public void reload() {
        domains.reload();
    }

    void onChange(@Observes(during = TransactionPhase.AFTER_SUCCESS) DomainsChanged changed) {
        domains.changed();
    }

    private DomainSet<DomainView> read() {
        DomainView byDefault = DomainView.byDefault(HostName.ofUrl(baseUrl).orElse("localhost"));
        return new DomainSet<>(byDefault, store.all(), DomainView::host, DomainView::id);
    }
}
