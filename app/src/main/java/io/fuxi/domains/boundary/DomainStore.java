package io.fuxi.domains.boundary;

import io.fuxi.domains.control.DomainHost;
import io.fuxi.domains.entity.Domain;
import io.fuxi.platform.problem.FieldText;
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
import java.util.Optional;

/**
 * The domains as stored; every change is announced so that each node reloads them. URLs come here checked by the
 * caller (as a link's are), hosts are checked here.
 */
@Stateless
public class DomainStore {

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    Event<DomainsChanged> changed;

    /** The domains besides the default one, by host. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<DomainView> all() {
        return em.createNamedQuery(Domain.ALL, Domain.class)
                .getResultStream()
                .map(DomainView::of)
                .toList();
    }

    /**
     * Adds a domain for the host, refused when it is taken (by another domain or, {@code defaultHost}, the default).
     *
     * @param urls its root, not-found and fallback URLs as checked, each null for none
     */
    public DomainView add(String requestedHost, String defaultHost, Urls urls) {
        String host = DomainHost.of(FieldText.required("host", requestedHost, DomainHost.MAX_LENGTH));
        if (host.equals(defaultHost)) {
            throw taken(host + " is the default domain");
        }
        if (byHost(host).isPresent()) { // asked first, so that a taken host is no error in the log
            throw taken("there is already a domain " + host);
        }
        Domain domain = new Domain(host, Instant.now(clock));
        urls.applyTo(domain);
        try { // two adds of one host at once: the unique key refuses the second
            em.persist(domain);
            em.flush();
        } catch (PersistenceException e) {
            throw taken("there is already a domain " + host);
        }
        changed.fire(new DomainsChanged());
        return DomainView.of(domain);
    }

    /** Changes the URLs given (each empty: unchanged; an empty inner value: removed). */
    public DomainView change(
            String host,
            Optional<Optional<String>> rootUrl,
            Optional<Optional<String>> notFoundUrl,
            Optional<Optional<String>> fallbackUrl) {
        Domain domain = find(host);
        rootUrl.ifPresent(url -> domain.changeRootUrl(url.orElse(null)));
        notFoundUrl.ifPresent(url -> domain.changeNotFoundUrl(url.orElse(null)));
        fallbackUrl.ifPresent(url -> domain.changeFallbackUrl(url.orElse(null)));
        changed.fire(new DomainsChanged());
        return DomainView.of(domain);
    }

    public void remove(String host) {
        em.remove(find(host));
        changed.fire(new DomainsChanged());
    }

    private Domain find(String host) {
        return byHost(host)
                .orElseThrow(() -> new ProblemException(404, "Not Found", "no domain has the host " + host, "host"));
    }

    private Optional<Domain> byHost(String host) {
        return em.createNamedQuery(Domain.BY_HOST, Domain.class)
                .setParameter("host", host)
                .getResultStream()
                .findFirst();
    }

    private static ProblemException taken(String detail) {
        return new ProblemException(409, "Conflict", detail, "host");
    }

    /** A new domain's URLs as checked; null for none. */
    public record Urls(String rootUrl, String notFoundUrl, String fallbackUrl) {
        void applyTo(Domain domain) {
            domain.changeRootUrl(rootUrl);
            domain.changeNotFoundUrl(notFoundUrl);
            domain.changeFallbackUrl(fallbackUrl);
        }
    }
}
