package io.fuxi.codes.boundary;

import io.fuxi.idempotency.boundary.Idempotent;
import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.problem.ProblemException;
import io.fuxi.platform.rest.JsonBody;
import io.fuxi.platform.rest.JsonFields;
import io.fuxi.security.boundary.Caller;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.util.Set;

/** Admin calls on the code pool: its state and batch progress, and adding a batch (up to 1,000,000,000 codes). */
@Path("v1/pool")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class PoolResource {

    static final long MAX_BATCH = 1_000_000_000L;

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
        long size = size(JsonBody.read(body));
        if (!topUp.addBatch(size)) {
            throw new ProblemException(
                    409, "Conflict", "A batch is already being generated on this node; see GET /api/v1/pool.");
        }
        return Response.accepted(status.read()).build();
    }

    private static long size(JsonValue body) {
        int size = JsonFields.of(body, Set.of("size"))
                .integer("size")
                .orElseThrow(() -> new InvalidFieldException("size", "size is required, e.g. {\"size\": 1000000}"));
        if (size < 1 || size > MAX_BATCH) {
            throw new InvalidFieldException("size", "size must be between 1 and " + MAX_BATCH);
        }
        return size;
    }
}
