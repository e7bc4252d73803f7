package io.fuxi.it;

import static io.fuxi.it.Api.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Rate limits, in a deployment of their own: the address flood at the end would otherwise refuse other test
 * classes' unauthenticated calls. The deployment trusts loopback as a proxy, so a call says in X-Forwarded-For which
 * client it comes from.
 */
@Tag("deployed")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class RateLimitIT {

    @ArquillianResource
    URL base;

    private Api admin;

    @BeforeEach
    void connect() throws URISyntaxException {
        admin = new Api(base.toURI());
    }

    @Deployment(testable = false)
    static WebArchive behindAProxy() {
        return DeployedFuxi.warBehindLoopbackProxy();
    }

    /** A GET of {@code path} that a trusted proxy forwards from {@code client}, with this Authorization (or none). */
    private HttpResponse<String> from(String client, String authorization, String path) {
        HttpRequest.Builder request = admin.request(path).header("X-Forwarded-For", client);
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return admin.send(request.GET());
    }

    /** One test, because the address flood must come last: it refuses the flooding client's calls for a minute. */
    @Test
    void aFloodIsRefusedWithoutSlowingOthers() throws Exception {
        String code = Api.json(admin.create("{\"url\":\"https://example.com/still-redirects\"}"))
                .getString("code");
        JsonObject key = Api.json(admin.post("api/v1/keys", "{\"name\":\"slow\",\"rateLimitPerMinute\":30}"));
        assertEquals(30, key.getInt("rateLimitPerMinute"));
        Api slow = admin.as(key.getString("secret"));

        int allowed = 0;
        HttpResponse<String> refused = null;
        for (int i = 0; i < 50 && refused == null; i++) {
            HttpResponse<String> response = slow.get("api/v1/links");
            if (response.statusCode() == 429) {
                refused = response;
            } else {
                assertEquals(200, response.statusCode());
                allowed++;
            }
        }
        assertEquals(10, allowed, "30 a minute allows a burst of 10");
        assertProblem(refused, 429, null);
        long retryAfter =
                Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow());
        assertTrue(retryAfter >= 1 && retryAfter <= 2, "one call every 2 s: " + retryAfter);

        assertProblem(slow.create("{\"url\":\"https://example.com/over-the-limit\"}"), 429, null);
        assertEquals(200, admin.get("api/v1/links").statusCode(), "other keys are not limited");
        assertEquals(302, admin.follow(code).statusCode(), "redirects are not limited");
        assertProblem(
                admin.post("api/v1/keys", "{\"name\":\"x\",\"rateLimitPerMinute\":0}"), 400, "rateLimitPerMinute");

        // behind a proxy (this deployment trusts loopback): the limit is the client's, not the proxy's
        String flooder = "203.0.113.9";
        int unauthorized = 0;
        HttpResponse<String> flooded = null;
        for (int i = 0; i < 50 && flooded == null; i++) {
            HttpResponse<String> response = from(flooder, "Bearer fuxi_guess_" + i, "api/v1/links");
            if (response.statusCode() == 429) {
                flooded = response;
            } else {
                assertEquals(401, response.statusCode());
                unauthorized++;
            }
        }
        assertEquals(10, unauthorized, "60 a minute without a valid key allows a burst of 10");
        assertProblem(flooded, 429, null);
        assertTrue(flooded.headers().firstValue("Retry-After").isPresent());
        assertProblem(from(flooder, "Bearer fuxi_guess_again", "api/v1/links"), 429, null);
        assertProblem(from(flooder, null, "api/v1/links"), 429, null);
        assertProblem(
                from("198.51.100.7", "Bearer fuxi_guess_elsewhere", "api/v1/links"),
                401,
                null); // another client behind the same proxy is not refused for the flooder's failures

        // a valid key is never refused for its address's failures: one in use, and one never used before
        assertEquals(
                200, from(flooder, "Bearer " + Api.ADMIN_KEY, "api/v1/links").statusCode());
        String fresh =
                Api.json(admin.post("api/v1/keys", "{\"name\":\"fresh\"}")).getString("secret");
        assertEquals(200, from(flooder, "Bearer " + fresh, "api/v1/links").statusCode(), "a key never used before");
        assertEquals(
                201,
                admin.send(admin.request("api/v1/links")
                                .header("X-Forwarded-For", flooder)
                                .header("Authorization", "Bearer " + fresh)
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString(
                                        "{\"url\":\"https://example.com/from-a-flooded-address\"}")))
                        .statusCode(),
                "single creates take the same check");

        // the right-most address that is not a trusted proxy, across every line: a proxy that appends a line of
        // its own names the client there, and the first line is whatever the client chose to send
        assertProblem(
                admin.send(admin.request("api/v1/links")
                        .header("X-Forwarded-For", flooder)
                        .header("X-Forwarded-For", "198.51.100.8")
                        .header("Authorization", "Bearer fuxi_guess_second_line")
                        .GET()),
                401,
                null);
        assertProblem(
                admin.send(admin.request("api/v1/links")
                        .header("X-Forwarded-For", "198.51.100.8")
                        .header("X-Forwarded-For", flooder)
                        .header("Authorization", "Bearer fuxi_guess_last_line")
                        .GET()),
                429,
                null);
        assertEquals(302, admin.follow(code).statusCode(), "redirects are not limited");
        assertEquals(
                302,
                admin.send(admin.request(code).method("HEAD", HttpRequest.BodyPublishers.noBody()))
                        .statusCode());
    }
}
