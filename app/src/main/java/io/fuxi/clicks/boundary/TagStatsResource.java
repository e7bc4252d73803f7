package io.fuxi.clicks.boundary;

import io.fuxi.clicks.control.StatsRange;
import io.fuxi.links.boundary.LinkService;
import io.fuxi.platform.rest.Jsons;
import io.fuxi.security.boundary.Caller;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;

/**
 * The clicks per day of the caller's links with a tag (an admin's: every link with it). A root resource of its own,
 * as {@link StatsResource} is beside the links.
 */
@Path("v1/tags/{tag}/stats")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class TagStatsResource {

    @Inject
    LinkService links;

    @Inject
    ClickStats stats;

    @Inject
    Caller caller;

    @Inject
    Clock clock;

    @GET
    public JsonObject tagStats(
            @PathParam("tag") String tag, @QueryParam("from") String from, @QueryParam("to") String to) {
        Map<String, Instant> tagged = links.tagged(caller, tag);
        StatsRange range = StatsRange.of(from, to, StatsRange.today(clock));
        JsonArrayBuilder days = Jsons.array();
        long clicks = 0;
        long botClicks = 0;
        for (DayClicks day : stats.forLinks(tagged, range.from(), range.to())) {
            days.add(Jsons.object()
                    .add("date", day.date().toString())
                    .add("clicks", day.clicks())
                    .add("botClicks", day.botClicks()));
            clicks += day.clicks();
            botClicks += day.botClicks();
        }
        return Jsons.object()
                .add("tag", tag.toLowerCase(Locale.ROOT))
                .add("from", range.from().toString())
                .add("to", range.to().toString())
                .add("links", tagged.size())
                .add("clicks", clicks)
                .add("botClicks", botClicks)
                .add("days", days)
                .build();
    }
}
