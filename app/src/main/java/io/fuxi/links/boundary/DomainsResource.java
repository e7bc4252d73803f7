package io.fuxi.links.boundary;

import io.fuxi.domains.boundary.DomainStore;
import io.fuxi.domains.boundary.DomainView;
import io.fuxi.domains.boundary.Domains;
import io.fuxi.platform.problem.ProblemException;
import io.fuxi.platform.rest.ApiLocations;
import io.fuxi.platform.rest.JsonBody;
import io.fuxi.platform.rest.JsonFields;
import io.fuxi.platform.rest.Jsons;
import io.fuxi.security.boundary.CurrentCaller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * /api/v1/domains, for admin keys: the short domains links may be bound to, and where each sends the requests for its
 * bare root, for unknown codes and for links that do not answer. Their URLs pass the rules of a link's URL.
 */
@Path("v1/domains")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
public class DomainsResource {

    private static final Set<String> URLS = Set.of("rootUrl", "notFoundUrl", "fallbackUrl");
    private static final Set<String> FIELDS = Set.of("host", "rootUrl", "notFoundUrl", "fallbackUrl");

    @Inject
    CurrentCaller caller;

    @Inject
    Domains domains;

    @Inject
    DomainStore store;

    @Inject
    LinkRules rules;

    @Inject
    LinkService links;

    @Inject
    ApiLocations locations;

    @GET
    public JsonObject list() {
        caller.get().requireAdmin();
        JsonArrayBuilder all = Jsons.array();
        all.add(json(domains.current().byDefault()));
        domains.current().others().forEach(domain -> all.add(json(domain)));
        return Jsons.object().add("domains", all).build();
    }

    @GET
    @Path("{host}")
    public JsonObject read(@PathParam("host") String host) {
        caller.get().requireAdmin();
        return json(find(host));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response add(InputStream body) {
        caller.get().requireAdmin();
        JsonFields request = JsonFields.of(JsonBody.read(body), FIELDS);
        DomainView added = store.add(
                request.string("host").orElse(null),
                domains.current().byDefault().host(),
                new DomainStore.Urls(
                        url(request, "rootUrl").orElse(null),
                        url(request, "notFoundUrl").orElse(null),
                        url(request, "fallbackUrl").orElse(null)));
        return Response.created(locations.of("v1/domains/" + added.host()))
                .entity(json(added))
                .build();
    }

    @PATCH
    @Path("{host}")
    @Consumes(MediaType.APPLICATION_JSON)
    public JsonObject change(@PathParam("host") String host, InputStream body) {
        caller.get().requireAdmin();
        JsonFields request = JsonFields.of(JsonBody.read(body), URLS);
        DomainView domain = configured(host);
        return json(store.change(
                domain.host(),
                change(request, "rootUrl"),
                change(request, "notFoundUrl"),
                change(request, "fallbackUrl")));
    }

    @DELETE
    @Path("{host}")
    public Response remove(@PathParam("host") String host) {
        caller.get().requireAdmin();
        DomainView domain = configured(host);
        if (links.countOnDomain(domain.id()) > 0) {
            throw new ProblemException(
                    409, "Conflict", "links are bound to " + domain.host() + ": move or delete them first", "host");
        }
        store.remove(domain.host());
        return Response.noContent().build();
    }

    private JsonObject json(DomainView domain) {
        return domain.toJson(links.countOnDomain(domain.id()));
    }

    private DomainView find(String host) {
        String asked = host.toLowerCase(Locale.ROOT);
        if (asked.equals(domains.current().byDefault().host())) {
            return domains.current().byDefault();
        }
        DomainView domain = domains.current().configured(asked);
        if (domain == null) {
            throw new ProblemException(404, "Not Found", "no domain has the host " + asked, "host");
        }
        return domain;
    }

    /** A domain other than the default one, which cannot be changed or removed. */
    private DomainView configured(String host) {
        DomainView domain = find(host);
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
