package bench.ceiling;

import jakarta.json.Json;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.StringReader;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The ceiling of a create on Payara Micro: JAX-RS parses the same JSON as Fuxi's {@code POST /api/v1/links} and
 * answers 201 with the link, kept in memory only (no database, no key, no checks beyond the URL's presence).
 */
@Path("links")
public class CeilingLinks {

    private static final JsonReaderFactory READERS = Json.createReaderFactory(Map.of());
    private static final JsonBuilderFactory BUILDERS = Json.createBuilderFactory(Map.of());
    private static final String DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final AtomicLong NEXT = new AtomicLong(62L * 62 * 62 * 62 * 62);

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response create(String body) {
        String url;
        try (JsonReader reader = READERS.createReader(new StringReader(body))) {
            url = reader.readObject().getString("url", null);
        } catch (JsonException | ClassCastException e) {
            url = null;
        }
        if (url == null) {
            return Response.status(400).build();
        }
        String code = code(NEXT.getAndIncrement());
        CeilingRedirects.LINKS.put(code, url);
        JsonObject link = BUILDERS.createObjectBuilder()
                .add("code", code)
                .add("shortUrl", "http://localhost/" + code)
                .add("url", url)
                .build();
        return Response.created(URI.create("/" + code)).entity(link.toString()).build();
    }

    private static String code(long number) {
        char[] code = new char[6];
        for (int i = 5; i >= 0; i--) {
            code[i] = DIGITS.charAt((int) (number % 62));
            number /= 62;
        }
        return new String(code);
    }
}
