package io.fuxi.clicks.boundary;

import io.fuxi.clicks.control.StatsRange;
import io.fuxi.security.boundary.Caller;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;

/** Links created and clicks per day across all links, for admins (the console's dashboard). */
@Path("v1/stats")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class DailyStatsResource {

    @Inject
    ClickStats stats;

    @Inject
    Caller caller;

    @Inject
    Clock clock;

    @GET
    public JsonObject daily(@QueryParam("from") String from, @QueryParam("to") String to) {
        caller.requireAdmin();
        StatsRange range = StatsRange.of(from, to, StatsRange.today(clock));
        JsonArrayBuilder days = Json.createArrayBuilder();
        for (DayTotal day : stats.daily(range.from(), range.to())) {
            days.add(Json.createObjectBuilder()
                    .add("date", day.date().toString())
                    .add("linksCreated", day.linksCreated())
                    .add("clicks", day.clicks())
                    .add("botClicks", day.botClicks()));
        }
        return Json.createObjectBuilder()
                .add("from", range.from().toString())
                .add("to", range.to().toString())
                .add("days", days)
                .build();
    }
}
