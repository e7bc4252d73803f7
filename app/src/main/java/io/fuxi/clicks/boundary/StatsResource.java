package io.fuxi.clicks.boundary;

import io.fuxi.clicks.control.StatsRange;
import io.fuxi.links.boundary.LinkService;
import io.fuxi.links.boundary.LinkView;
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
import java.util.List;
import java.util.Map;

/**
 * A link's clicks, for its owner or an admin. A root resource of its own: JAX-RS picks the root resource with the
 * longest literal path first and never comes back, so {@code v1/links} could not reach it.
 */
@Path("v1/links/{code}/stats")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class StatsResource {

    static final int TOP = 20;

    @Inject
    LinkService links;

    @Inject
    ClickStats stats;

    @Inject
    Caller caller;

    @Inject
    Clock clock;

    @GET
    public JsonObject linkStats(
            @PathParam("code") String code, @QueryParam("from") String from, @QueryParam("to") String to) {
        LinkView link = links.read(caller, code);
        StatsRange range = StatsRange.of(from, to, StatsRange.today(clock));
        LinkStats result = stats.forLink(link.code(), link.createdAt(), range.from(), range.to());
        JsonArrayBuilder days = Jsons.array();
        long clicks = 0;
        long botClicks = 0;
        for (LinkStats.Day day : result.days()) {
            days.add(Jsons.object()
                    .add("date", day.date().toString())
                    .add("clicks", day.clicks())
                    .add("botClicks", day.botClicks())
                    .add("uniqueVisitors", day.uniqueVisitors()));
            clicks += day.clicks();
            botClicks += day.botClicks();
        }
        return Jsons.object()
                .add("code", link.code())
                .add("from", range.from().toString())
                .add("to", range.to().toString())
                .add("clicks", clicks)
                .add("botClicks", botClicks)
                .add("days", days)
                .add("referrers", top(result.topReferrers(TOP), "host"))
                .add("countries", top(result.topCountries(TOP), "country"))
                .build();
    }

    private static JsonArrayBuilder top(List<Map.Entry<String, Long>> counts, String keyName) {
        JsonArrayBuilder top = Jsons.array();
        for (Map.Entry<String, Long> entry : counts) {
            top.add(Jsons.object().add(keyName, entry.getKey()).add("clicks", entry.getValue()));
        }
        return top;
    }
}
