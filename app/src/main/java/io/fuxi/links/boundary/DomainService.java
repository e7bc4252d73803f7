package io.fuxi.links.boundary;

import io.fuxi.domains.boundary.DomainSet;
import io.fuxi.domains.boundary.DomainStore;
import io.fuxi.domains.boundary.DomainView;
import io.fuxi.domains.boundary.Domains;
import io.fuxi.platform.problem.ProblemException;
import io.fuxi.platform.rest.JsonFields;
import io.fuxi.security.boundary.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The short domains as the API (DomainsResource) and the console (ManageDomains) both see and change them, by the same
 * rules: a change is a JSON object as the API takes it, each URL is checked as a link's URL is, and a domain is removed
 * only while no link is bound to it. Changes need an admin that may change things.
 */
@ApplicationScoped
public class DomainService {

    private static final Set<String> URLS = Set.of("rootUrl", "notFoundUrl", "fallbackUrl");
    private static final Set<String> FIELDS = Set.of("host", "rootUrl", "notFoundUrl", "fallbackUrl");

    @Inject
    Domains domains;

    @Inject
    DomainStore store;

    @Inject
    LinkRules rules;

    @Inject
    LinkService links;

    /** Every domain: the default one first, then the others by host. */
    public List<DomainView> list() {
        DomainSet<DomainView> current = domains.current();
        List<DomainView> all = new ArrayList<>();
        all.add(current.byDefault());
        all.addAll(current.others());
        return all;
    }

    /** The default domain: the host of fuxi.base-url. */
    public DomainView byDefault() {
        return domains.current().byDefault();
    }

    /** The domain of this host (any case), the default's too; else a 404 problem naming {@code host}. */
    public DomainView read(String host) {
        String asked = host.toLowerCase(Locale.ROOT);
        DomainSet<DomainView> current = domains.current();
        if (asked.equals(current.byDefault().host())) {
            return current.byDefault();
        }
        DomainView domain = current.configured(asked);
        if (domain == null) {
            throw new ProblemException(404, "Not Found", "no domain has the host " + asked, "host");
        }
        return domain;
    }

    /** How many links are bound to the domain. */
    public long links(DomainView domain) {
        return links.countOnDomain(domain.id());
    }

    /** The domain as the API answers it, with its links. */
    public JsonObject json(DomainView domain) {
        return domain.toJson(links(domain));
    }

    /** Adds the domain a create describes: {@code {"host", "rootUrl"?, "notFoundUrl"?, "fallbackUrl"?}}. */
    public DomainView add(Caller caller, JsonValue body) {
        requireChanges(caller);
        JsonFields request = JsonFields.of(body, FIELDS);
        return store.add(
                request.string("host").orElse(null),
                domains.current().byDefault().host(),
                new DomainStore.Urls(
                        url(request, "rootUrl").orElse(null),
                        url(request, "notFoundUrl").orElse(null),
                        url(request, "fallbackUrl").orElse(null)));
    }

    /**
     * Changes the URLs a patch names ({@code {"rootUrl"?, "notFoundUrl"?, "fallbackUrl"?}}; null removes one) of a
     * domain other than the default one.
     */
    public DomainView change(Caller caller, String host, JsonValue patch) {
        requireChanges(caller);
        JsonFields request = JsonFields.of(patch, URLS);
        DomainView domain = configured(host);
        return store.change(
                domain.host(),
                change(request, "rootUrl"),
                change(request, "notFoundUrl"),
                change(request, "fallbackUrl"));
    }

    /** Removes a domain other than the default one, refused while links are bound to it. */
    public void remove(Caller caller, String host) {
        requireChanges(caller);
        DomainView domain = configured(host);
        if (links(domain) > 0) {
            throw new ProblemException(
                    409, "Conflict", "links are bound to " + domain.host() + ": move or delete them first", "host");
        }
        store.remove(domain.host());
    }

    private static void requireChanges(Caller caller) {
        caller.requireAdmin();
        caller.requireChanges();
    }

    /** A domain other than the default one, which cannot be changed or removed. */
    private DomainView configured(String host) {
        DomainView domain = read(host);
        if (domain.isDefault()) {
            throw new ProblemException(
                    409, "Conflict", domain.host() + " is the default domain (fuxi.base-url)", "host");
        }
        return domain;
    }

    private Optional<String> url(JsonFields request, String field) {
        return request.string(field).map(url -> rules.allowedUrl(url, field));
    }

    /** Absent: unchanged; JSON null: removed; else the URL as checked. */
    private Optional<Optional<String>> change(JsonFields request, String field) {
        return request.isNull(field)
                ? Optional.of(Optional.empty())
                : url(request, field).map(Optional::of);
    }
}
