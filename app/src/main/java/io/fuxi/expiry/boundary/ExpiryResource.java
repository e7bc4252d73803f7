package io.fuxi.expiry.boundary;

import io.fuxi.platform.rest.Jsons;
import io.fuxi.security.boundary.Caller;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** Admin calls on the expiry purge: its settings and what it has done, and a run started at once. */
@Path("v1/expiry")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class ExpiryResource {

    @Inject
    ExpiryPurge purge;

    @Inject
    Caller caller;

    @GET
    public JsonObject read() {
        caller.requireAdmin();
        ExpiryOptions options = purge.options();
        PurgeTotals totals = purge.totals();
        JsonObjectBuilder json = Jsons.object()
                .add("node", purge.node())
                .add("running", purge.isRunning())
                .add("scheduled", options.scheduled())
                .add("intervalSeconds", options.intervalSeconds())
                .add("batchSize", options.batchSize())
                .add("recycleDelaySeconds", options.recycleDelay().toSeconds())
                .add("runs", totals.runs())
                .add("linksPurged", totals.linksPurged())
                .add("codesHeld", totals.codesHeld())
                .add("codesReleased", totals.codesReleased());
        if (totals.last() != null) {
            json.add("lastRun", json(totals.last()));
        }
        purge.lastRunAnywhere()
                .ifPresent(run -> json.add(
                        "lastFinishedAnywhere",
                        Jsons.object()
                                .add("finishedAt", run.finishedAt().toString())
                                .add("node", run.node())
                                .add("linksPurged", run.items())));
        return json.build();
    }

    /** Runs a purge now, on this node, and answers its report when it is done. */
    @POST
    @Path("purges")
    public JsonObject purgeNow() {
        caller.requireAdmin();
        return json(purge.purgeNow());
    }

    private static JsonObject json(PurgeReport report) {
        return Jsons.object()
                .add("startedAt", report.startedAt().toString())
                .add("tookMillis", report.took().toMillis())
                .add("complete", report.complete())
                .add("linksPurged", report.linksPurged())
                .add("codesHeld", report.codesHeld())
                .add("codesReleased", report.codesReleased())
                .add("batches", report.batches())
                .build();
    }
}
