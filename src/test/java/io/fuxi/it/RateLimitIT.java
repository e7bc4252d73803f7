package io.fuxi.it;

import static io.fuxi.it.Api.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * Rate limits, in a deployment of their own: the address flood at the end would otherwise refuse other test
 * classes' unauthenticated calls from 127.0.0.1.
 */
class RateLimitIT extends DeployedFuxi {

    /** One test, because the address flood must come last: it also refuses keys from the same address. */
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

        int unauthorized = 0;
        HttpResponse<String> flooded = null;
        for (int i = 0; i < 50 && flooded == null; i++) {
            HttpResponse<String> response = admin.send(admin.request("api/v1/links")
                    .header("Authorization", "Bearer fuxi_guess_" + i)
                    .GET());
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
        assertEquals(302, admin.follow(code).statusCode(), "redirects are not limited");
        assertEquals(
                302,
                admin.send(admin.request(code).method("HEAD", HttpRequest.BodyPublishers.noBody()))
                        .statusCode());
    }
}
