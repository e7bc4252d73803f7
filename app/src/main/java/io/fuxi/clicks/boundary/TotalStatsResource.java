package io.fuxi.clicks.boundary;

import io.fuxi.clicks.control.ClickRows;
import io.fuxi.clicks.control.StatsRange;
import io.fuxi.platform.rest.Jsons;
import io.fuxi.platform.rest.QueryNumber;
import io.fuxi.security.boundary.Caller;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;

/** Links created and clicks per day and per hour across all links, for admins (the console's dashboard). */
@Path("v1/stats")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class TotalStatsResource {

    static final int MAX_HOURS = ClickRows.HOURS_KEPT;

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
        JsonArrayBuilder days = Jsons.array();
        for (DayTotal day : stats.daily(range.from(), range.to())) {
            days.add(Jsons.object()
                    .add("date", day.date().toString())
                    .add("linksCreated", day.linksCreated())
                    .add("clicks", day.clicks())
                    .add("botClicks", day.botClicks()));
        }
        return Jsons.object()
                .add("from", range.from().toString())
                .add("to", range.to().toString())
                .add("days", days)
                .build();
    }

    /** The last {@code hours} hours (24 by default), this one included. */
    @GET
    @Path("hourly")
    public JsonObject hourly(@QueryParam("hours") @DefaultValue("24") String hours) {
        caller.requireAdmin();
        JsonArrayBuilder rows = Jsons.array();
        for (HourTotal hour : stats.hourly(clock.instant(), QueryNumber.between("hours", hours, 1, MAX_HOURS))) {
            rows.add(Jsons.object()
                    .add("hour", hour.hour().toString())
                    .add("linksCreated", hour.linksCreated())
                    .add("clicks", hour.clicks())
                    .add("botClicks", hour.botClicks()));
        }
        return Jsons.object().add("hours", rows).build();
    }
}
