package io.fuxi.platform.problem;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.core.Response;

/** An RFC 9457 problem detail: status, title, detail and, for bad input, the offending field. */
public record Problem(int status, String title, String detail, String field) {

    public static final String MEDIA_TYPE = "application/problem+json";

    public String toJson() {
        return toJsonObject().toString();
    }

    public JsonObject toJsonObject() {
        JsonObjectBuilder json = Json.createObjectBuilder()
                .add("type", "about:blank")
                .add("title", title)
                .add("status", status);
        if (detail != null) {
            json.add("detail", detail);
        }
        if (field != null) {
            json.add("field", field);
        }
        return json.build();
    }

    /** Written as a String so that it goes out whatever the client's Accept header asked for. */
    public Response toResponse() {
        return Response.status(status).type(MEDIA_TYPE).entity(toJson()).build();
    }
}
