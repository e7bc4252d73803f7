package io.fuxi.platform.problem;

import io.fuxi.platform.rest.Jsons;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.core.Response;
import java.util.Map;

/** An RFC 9457 problem detail: status, title, detail and, for bad input, the offending field. */
public record Problem(int status, String title, String detail, String field) {

    public static final String MEDIA_TYPE = "application/problem+json";

    /** What a client waits before trying again when the database is out (the Retry-After of every such 503). */
    public static final int RETRY_AFTER_SECONDS = 5;

    /** The answer to a call that needs the database while it cannot be reached or does not answer. */
    public static final Problem DATABASE_UNAVAILABLE =
            new Problem(503, "Service Unavailable", "The database is not answering; try again in a few seconds.", null);

    public String toJson() {
        return toJsonObject().toString();
    }

    public JsonObject toJsonObject() {
        JsonObjectBuilder json =
                Jsons.object().add("type", "about:blank").add("title", title).add("status", status);
        if (detail != null) {
            json.add("detail", detail);
        }
        if (field != null) {
            json.add("field", field);
        }
        return json.build();
    }

    /** The headers its status calls for: a 503 says when to try again. */
    public Map<String, String> headers() {
        return status == 503 ? Map.of("Retry-After", String.valueOf(RETRY_AFTER_SECONDS)) : Map.of();
    }

    /** Written as a String so that it goes out whatever the client's Accept header asked for. */
    public Response toResponse() {
        return toResponse(headers());
    }

    /** The answer with these headers. */
    public Response toResponse(Map<String, String> headers) {
        Response.ResponseBuilder response =
                Response.status(status).type(MEDIA_TYPE).entity(toJson());
        headers.forEach(response::header);
        return response.build();
    }
}
