package io.fuxi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A partner's view of a running Fuxi, over real HTTP: never follows redirects, so tests see them. */
public final class Api {

    public static final String ADMIN_KEY = System.getProperty("fuxi.it.admin.key");

    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final URI base;

    public Api(URI base) {
        this.base = base.toString().endsWith("/") ? base : URI.create(base + "/");
    }

    public HttpResponse<String> create(String json) {
        return post("api/v1/links", json);
    }

    /** Creates a link and returns its JSON, failing the test unless the answer is 201. */
    public JsonObject created(String json) {
        HttpResponse<String> response = create(json);
        assertEquals(201, response.statusCode(), response.body());
        return json(response);
    }

    public HttpResponse<String> post(String path, String json) {
        return send(request(path).header("Authorization", "Bearer " + ADMIN_KEY)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    public HttpResponse<String> get(String path) {
        return send(request(path).header("Authorization", "Bearer " + ADMIN_KEY).GET());
    }

    public HttpResponse<String> follow(String code) {
        return send(request(code).GET());
    }

    public HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30));
    }

    public static JsonObject json(HttpResponse<String> response) {
        return Json.createReader(new StringReader(response.body())).readObject();
    }
}
