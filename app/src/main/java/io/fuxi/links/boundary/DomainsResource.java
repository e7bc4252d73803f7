package io.fuxi.links.boundary;

import io.fuxi.domains.boundary.DomainView;
import io.fuxi.platform.rest.ApiLocations;
import io.fuxi.platform.rest.JsonBody;
import io.fuxi.platform.rest.Jsons;
import io.fuxi.security.boundary.Caller;
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

/**
 * /api/v1/domains, for admin keys: the short domains links may be bound to, and where each sends the requests for its
 * bare root, for unknown codes and for links that do not answer. DomainService checks what they ask for, as it does
 * for the console.
 */
@Path("v1/domains")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
public class DomainsResource {

    @Inject
    CurrentCaller caller;

    @Inject
    DomainService domains;

    @Inject
    ApiLocations locations;

    @GET
    public JsonObject list() {
        caller.get().requireAdmin();
        JsonArrayBuilder all = Jsons.array();
        domains.list().forEach(domain -> all.add(domains.json(domain)));
        return Jsons.object().add("domains", all).build();
    }

    @GET
    @Path("{host}")
    public JsonObject read(@PathParam("host") String host) {
        caller.get().requireAdmin();
        return domains.json(domains.read(host));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response add(InputStream body) {
        Caller admin = admin();
        DomainView added = domains.add(admin, JsonBody.read(body));
        return Response.created(locations.of("v1/domains/" + added.host()))
                .entity(domains.json(added))
                .build();
    }

    @PATCH
    @Path("{host}")
    @Consumes(MediaType.APPLICATION_JSON)
    public JsonObject change(@PathParam("host") String host, InputStream body) {
        Caller admin = admin();
        return domains.json(domains.change(admin, host, JsonBody.read(body)));
    }

    @DELETE
    @Path("{host}")
    public Response remove(@PathParam("host") String host) {
        domains.remove(admin(), host);
        return Response.noContent().build();
    }

    /** The caller, refused unless an admin before its body is read. */
    private Caller admin() {
        Caller admin = caller.get();
        admin.requireAdmin();
        return admin;
    }
}
