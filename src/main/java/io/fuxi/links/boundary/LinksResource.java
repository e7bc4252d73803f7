package io.fuxi.links.boundary;

import io.fuxi.links.control.LinkOptions;
import io.fuxi.links.control.LinkRequest;
import io.fuxi.links.control.UnknownLinkException;
import io.fuxi.security.control.Caller;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import io.fuxi.platform.rest.JsonBody;
import java.io.InputStream;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.net.URI;

/** The partner API for links: parse, delegate, answer. */
@Path("v1/links")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class LinksResource {

    @Inject
    LinkService links;

    @Inject
    LinkOptions options;

    @Context
    SecurityContext security;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(InputStream body) {
        LinkView link = links.create(caller().keyId(), LinkRequest.from(JsonBody.read(body)));
        return Response.created(URI.create("/api/v1/links/" + link.code())).entity(json(link)).build();
    }

    @GET
    @Path("{code}")
    public JsonObject read(@PathParam("code") String code) {
        return links.find(code).map(this::json).orElseThrow(() -> new UnknownLinkException(code));
    }

    private JsonObject json(LinkView link) {
        return link.toJson(options.shortUrl(link.code()));
    }

    private Caller caller() {
        return (Caller) security.getUserPrincipal();
    }
}
