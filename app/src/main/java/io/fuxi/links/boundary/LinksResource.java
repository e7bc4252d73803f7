package io.fuxi.links.boundary;

import io.fuxi.idempotency.boundary.Idempotent;
import io.fuxi.links.control.CreateCounts;
import io.fuxi.links.control.LinkPatch;
import io.fuxi.links.control.QrCode;
import io.fuxi.links.control.Tags;
import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.problem.ProblemException;
import io.fuxi.platform.rest.JsonBody;
import io.fuxi.platform.rest.Jsons;
import io.fuxi.platform.rest.QueryNumber;
import io.fuxi.security.boundary.CurrentCaller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/** The partner API for links: parse, delegate, answer. */
@Path("v1/links")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
public class LinksResource {

    static final int MAX_PAGE_SIZE = 100;
    static final int MAX_PAGE = 10_000;
    static final int MAX_BULK = 1000;
    static final int MAX_QUERY_LENGTH = 200;

    @Inject
    LinkService links;

    @Inject
    LinkCreation single;

    @Inject
    BulkCreation bulk;

    @Inject
    ShortUrls shortUrls;

    /** One resource for all requests (a request-scoped one had Jersey inject its fields anew for every call). */
    @Inject
    CurrentCaller caller;

    @Inject
    LinkClicks clicks;

    @Inject
    CreateCounts counts;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Idempotent
    public Response create(InputStream body) {
        CreateAnswer answer = single.answer(caller.get(), body);
        return Response.status(answer.status())
                .header(answer.header(), answer.headerValue())
                .entity(answer.json())
                .build();
    }

    /** Up to 1,000 creates in one call: one result per item, in order; a bad item does not sink the others. */
    @POST
    @Path("bulk")
    @Consumes(MediaType.APPLICATION_JSON)
    @Idempotent
    public JsonObject bulk(InputStream body) {
        List<BulkResult> results = refusalCounted(() -> bulk.create(caller.get(), bulkItems(JsonBody.read(body))));
        counts.bulkItems(
                results.stream().filter(result -> result.status() == 201).count(),
                results.stream().filter(result -> result.problem() != null).count());
        JsonArrayBuilder answers = Jsons.array();
        for (int i = 0; i < results.size(); i++) {
            answers.add(json(i, results.get(i)));
        }
        return Jsons.object()
                .add("results", answers)
                .add(
                        "created",
                        results.stream()
                                .filter(result -> result.status() == 201)
                                .count())
                .add(
                        "failed",
                        results.stream()
                                .filter(result -> result.problem() != null)
                                .count())
                .build();
    }

    @GET
    public JsonObject list(
            @QueryParam("q") String query,
            @QueryParam("tag") List<String> tags,
            @QueryParam("domain") String domain,
            @QueryParam("page") @DefaultValue("0") String page,
            @QueryParam("size") @DefaultValue("20") String size) {
        if (query != null && query.length() > MAX_QUERY_LENGTH) {
            throw new InvalidFieldException("q", "q must be at most " + MAX_QUERY_LENGTH + " characters");
        }
        LinkPage result = links.list(
                caller.get(),
                Optional.ofNullable(query).filter(q -> !q.isBlank()),
                Tags.of(tags, "tag"),
                Optional.ofNullable(domain),
                QueryNumber.between("page", page, 0, MAX_PAGE),
                QueryNumber.between("size", size, 1, MAX_PAGE_SIZE));
        JsonArrayBuilder items = Jsons.array();
        result.links().forEach(link -> items.add(json(link)));
        return Jsons.object()
                .add("links", items)
                .add("page", result.page())
                .add("size", result.size())
                .add("hasMore", result.hasMore())
                .build();
    }

    @GET
    @Path("{code}")
    public JsonObject read(@PathParam("code") String code) {
        LinkView link = links.read(caller.get(), code);
        return Jsons.object(json(link))
                .add("totalClicks", clicks.totalClicks(link.code(), link.createdAt()))
                .build();
    }

    /** The short URL as a QR code: {@code format} png (default) or svg, {@code size} in pixels (64 to 2,048). */
    /** Every recorded change of the link (at most the newest 1,000), oldest first. */
    @GET
    @Path("{code}/history")
    public JsonObject history(@PathParam("code") String code) {
        JsonArrayBuilder entries = Jsons.array();
        for (HistoryEntry entry : links.history(caller.get(), code)) {
            entries.add(Jsons.object()
                    .add("at", entry.at().toString())
                    .add("actor", entry.actor())
                    .add("action", entry.action())
                    .add("before", entry.before())
                    .add("after", entry.after()));
        }
        return Jsons.object().add("code", code).add("entries", entries).build();
    }

    @GET
    @Path("{code}/qr")
    @Produces({"image/png", "image/svg+xml"})
    public Response qr(
            @PathParam("code") String code,
            @QueryParam("format") @DefaultValue("png") String format,
            @QueryParam("size") @DefaultValue("256") String size) {
        LinkView link = links.read(caller.get(), code); // an unknown code is a 404 whatever the other parameters say
        byte[] image = links.qr(link, format, QueryNumber.between("size", size, QrCode.MIN_SIZE, QrCode.MAX_SIZE));
        return Response.ok(image, format.equals("svg") ? "image/svg+xml" : "image/png")
                .build();
    }

    @PATCH
    @Path("{code}")
    @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
    public JsonObject update(@PathParam("code") String code, InputStream body) {
        return json(links.update(caller.get(), code, LinkPatch.from(JsonBody.read(body))));
    }

    @DELETE
    @Path("{code}")
    public Response delete(@PathParam("code") String code) {
        links.delete(caller.get(), code);
        return Response.noContent().build();
    }

    /** A create's outcome; a create refused with a problem is counted for the metrics. */
    private <T> T refusalCounted(Supplier<T> create) {
        try {
            return create.get();
        } catch (ProblemException refused) {
            counts.refused();
            throw refused;
        }
    }

    private static List<JsonValue> bulkItems(JsonValue body) {
        if (body.getValueType() != JsonValue.ValueType.ARRAY
                || body.asJsonArray().isEmpty()
                || body.asJsonArray().size() > MAX_BULK) {
            throw new InvalidFieldException("body", "the body must be a JSON array of 1 to " + MAX_BULK + " links");
        }
        return body.asJsonArray();
    }

    private JsonObject json(int index, BulkResult result) {
        JsonObjectBuilder answer = Jsons.object().add("index", index).add("status", result.status());
        if (result.link() != null) {
            answer.add("link", json(result.link()));
        } else {
            answer.add("problem", result.problem().toJsonObject());
        }
        return answer.build();
    }

    private JsonObject json(LinkView link) {
        return shortUrls.json(link);
    }
}
