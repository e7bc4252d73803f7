package io.fuxi.platform.problem;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Set;

/** Keeps the status of JAX-RS's own errors (404, 405, 415, ...) and gives them a problem body. */
@Provider
public class HttpErrorMapper implements ExceptionMapper<WebApplicationException> {

    private static final Set<String> KEPT_HEADERS = Set.of("allow", "www-authenticate", "retry-after");

    @Override
    public Response toResponse(WebApplicationException exception) {
        Response original = exception.getResponse();
        int status = original.getStatus();
        Response.ResponseBuilder answer = Response.fromResponse(
                new Problem(status, original.getStatusInfo().getReasonPhrase(), detail(status), null).toResponse());
        original.getHeaders().forEach((name, values) -> {
            if (KEPT_HEADERS.contains(name.toLowerCase())) {
                values.forEach(value -> answer.header(name, value));
            }
        });
        return answer.build();
    }

    private static String detail(int status) {
        return switch (status) {
            case 400 -> "The request could not be read.";
            case 404 -> "There is nothing at this address.";
            case 405 -> "This address does not accept that method.";
            case 415 -> "The body must be application/json.";
            default -> null;
        };
    }
}
