package io.fuxi.platform.problem;

import jakarta.json.JsonException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** A body that is not JSON at all is the caller's mistake: 400, not a server error. */
@Provider
public class MalformedJsonMapper implements ExceptionMapper<JsonException> {

    @Override
    public Response toResponse(JsonException exception) {
        return new Problem(400, "Malformed JSON", "The body is not valid JSON.", "body").toResponse();
    }
}
