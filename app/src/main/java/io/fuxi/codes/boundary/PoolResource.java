package io.fuxi.codes.boundary;

import io.fuxi.idempotency.boundary.Idempotent;
import io.fuxi.platform.rest.JsonBody;
import io.fuxi.platform.rest.JsonFields;
import io.fuxi.security.boundary.Caller;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.util.Set;

/**
 * Admin calls on the code pool: its state and batch progress, and adding a batch (up to 1,000,000,000 codes; checked by
 * CodePoolTopUp).
 */
@Path("v1/pool")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class PoolResource {

    @Inject
    PoolStatus status;

    @Inject
    CodePoolTopUp topUp;

    @Inject
    Caller caller;

    @GET
    public JsonObject read() {
        caller.requireAdmin();
        return status.read();
    }

    @POST
    @Path("batches")
    @Consumes(MediaType.APPLICATION_JSON)
    @Idempotent
    public Response addBatch(InputStream body) {
        caller.requireAdmin();
        topUp.addBatch(JsonFields.of(JsonBody.read(body), Set.of("size"))
                .integer("size")
                .map(Integer::longValue)
                .orElse(null));
        return Response.accepted(status.read()).build();
    }
}
