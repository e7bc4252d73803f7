package io.fuxi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** A partner's view of a running Fuxi, over real HTTP: never follows redirects, so tests see them. */
public final class Api {

    public static final String ADMIN_KEY = System.getProperty("fuxi.it.admin.key");

    /** Whether the clock of the deployment under test is moved: one deployment at a time, like the clock itself. */
    private static volatile boolean clockMoved;

    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final URI base;
    private final String key;

    public Api(URI base) {
        this(base, ADMIN_KEY);
    }

    private Api(URI base, String key) {
        this.base = base.toString().endsWith("/") ? base : URI.create(base + "/");
        this.key = key;
    }

    /** The same service, called with another API key. */
    public Api as(String otherKey) {
        return new Api(base, otherKey);
    }

    /** A new partner key, made with this (admin) key, failing the test unless it is made. */
    public Api newPartner(String name) {
        HttpResponse<String> created = post("api/v1/keys", "{\"name\":\"" + name + "\"}");
        assertEquals(201, created.statusCode(), created.body());
        return as(json(created).getString("secret"));
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

    /** The link with this code as this caller reads it, failing the test unless the answer is 200. */
    public JsonObject link(String code) {
        HttpResponse<String> read = get("api/v1/links/" + code);
        assertEquals(200, read.statusCode(), read.body());
        return json(read);
    }

    /** The codes of the links this caller lists (the first 100, newest first). */
    public List<String> listedCodes() {
        HttpResponse<String> list = get("api/v1/links?size=100");
        assertEquals(200, list.statusCode(), list.body());
        List<String> codes = new ArrayList<>();
        for (JsonObject link : json(list).getJsonArray("links").getValuesAs(JsonObject.class)) {
            codes.add(link.getString("code"));
        }
        return codes;
    }

    public HttpResponse<String> post(String path, String json) {
        return send(authorized(path)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    public HttpResponse<String> patch(String path, String json) {
        return send(authorized(path)
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(json)));
    }

    public HttpResponse<String> delete(String path) {
        return send(authorized(path).DELETE());
    }

    public HttpResponse<String> get(String path) {
        return send(authorized(path).GET());
    }

    public HttpRequest.Builder authorized(String path) {
        return request(path).header("Authorization", "Bearer " + key);
    }

    public HttpResponse<String> follow(String code) {
        return send(request(code).GET());
    }

    public HttpResponse<String> send(HttpRequest.Builder request) {
        return send(request, HttpResponse.BodyHandlers.ofString());
    }

    public HttpResponse<byte[]> sendForBytes(HttpRequest.Builder request) {
        return send(request, HttpResponse.BodyHandlers.ofByteArray());
    }

    private <T> HttpResponse<T> send(HttpRequest.Builder request, HttpResponse.BodyHandler<T> body) {
        try {
            return client.send(request.build(), body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Moves the deployment's clock to the real time plus {@code offset} (its deployment carries the movable clock). */
    public void moveClock(Duration offset) {
        HttpResponse<String> moved = send(
                authorized("api/test/clock-offset/" + offset.toSeconds()).PUT(HttpRequest.BodyPublishers.noBody()));
        assertEquals(204, moved.statusCode(), moved.body());
        clockMoved = !offset.isZero();
    }

    /**
     * Sets the deployment's clock back to the real time if a test moved it (and only then: a test that used up its
     * address's allowance could not make the call).
     */
    public void clockBack() {
        if (clockMoved) {
            moveClock(Duration.ZERO);
        }
    }

    public HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30));
    }

    /** The node's view of its cluster, as an admin reads it: its name ("node") and the members it sees ("members"). */
    public JsonObject cluster() {
        HttpResponse<String> cluster = get("api/v1/cluster");
        assertEquals(200, cluster.statusCode(), cluster.body());
        return json(cluster);
    }

    /** The members the node sees. */
    public Set<String> clusterMembers() {
        return Set.copyOf(cluster().getJsonArray("members").getValuesAs(JsonString::getString));
    }

    /**
     * The members the node sees once they are the expected ones, or as they are after 30 s: a node that has just
     * started answers before every other member has installed the view that holds it.
     */
    public Set<String> clusterMembersOnceThey(Set<String> expected) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        Set<String> members = clusterMembers();
        while (!members.equals(expected) && System.nanoTime() < deadline) {
            Thread.sleep(200);
            members = clusterMembers();
        }
        return members;
    }

    public static JsonObject json(HttpResponse<String> response) {
        return Json.createReader(new StringReader(response.body())).readObject();
    }

    /** The answer is an RFC 9457 problem with this status, naming this field (when not null). */
    public static void assertProblem(HttpResponse<String> response, int status, String field) {
        assertEquals(status, response.statusCode(), response.body());
        assertEquals(
                "application/problem+json",
                response.headers().firstValue("Content-Type").orElseThrow(),
                response.body());
        JsonObject problem = Api.json(response);
        assertEquals(status, problem.getInt("status"));
        if (field != null) {
            assertEquals(field, problem.getString("field"), response.body());
        }
    }
}
