package io.fuxi.it.clock;

import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import java.time.Duration;

/** Test code in the deployment: {@code PUT /api/test/clock-offset/{seconds}} moves the application's clock. */
@Path("test/clock-offset/{seconds}")
@RequestScoped
public class ClockResource {

    @PUT
    public Response move(@PathParam("seconds") long seconds) {
        MovableClock.OFFSET_MILLIS.set(Duration.ofSeconds(seconds).toMillis());
        return Response.noContent().build();
    }
}
