package io.fuxi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A single create can be answered by three routes: the launcher's valve or the single-create filter (a plain POST),
 * and JAX-RS (a POST with an Idempotency-Key). This sends the same bad calls down the plain route and down JAX-RS and
 * expects the same answers: status, type, the problem's bytes, and the headers that matter. Run where the valve
 * answers (LauncherIT) and where the filter does (LinkApiIT).
 */
final class CreateParity {

    private static final String JSON = "application/json";

    private CreateParity() {}

    /** Every bad call, down both routes, answered alike, on the Fuxi that {@code api} calls with this admin key. */
    static void assertBothRoutesAnswerAlike(Api api, String adminKey) {
        Api admin = api.as(adminKey);
        String key = "Bearer " + adminKey;
        Map<String, Call> calls = new LinkedHashMap<>();
        calls.put("no key", new Call(null, JSON, "{\"url\":\"https://example.com/parity\"}"));
        calls.put("a made-up key", new Call("Bearer fuxi_parity_made_up", JSON, "{\"url\":\"https://example.com/p\"}"));
        calls.put("a hostile URL", new Call(key, JSON, "{\"url\":\"javascript:alert(1)\"}"));
        calls.put("malformed JSON", new Call(key, JSON, "{\"url\":"));
        calls.put("no object", new Call(key, JSON, "[1,2]"));
        calls.put("a field of the wrong type", new Call(key, JSON, "{\"url\":42}"));
        calls.put(
                "an alias that is taken", new Call(key, JSON, "{\"url\":\"https://example.com/a\",\"alias\":\"api\"}"));
        calls.put(
                "an oversized body",
                new Call(key, JSON, "{\"url\":\"https://example.com/" + "x".repeat(70_000) + "\"}"));
        for (Map.Entry<String, Call> call : calls.entrySet()) {
            assertAlike(
                    call.getKey(),
                    call.getValue().send(admin, false),
                    call.getValue().send(admin, true));
        }

        // a burst of ten calls at least, then one every ten seconds
        String slow = Api.json(admin.post("api/v1/keys", "{\"name\":\"parity\",\"rateLimitPerMinute\":6}"))
                .getString("secret");
        Call limited = new Call("Bearer " + slow, JSON, "{\"url\":\"https://example.com/limited\",\"new\":true}");
        HttpResponse<String> refused = limited.send(admin, false);
        for (int sent = 1; refused.statusCode() != 429 && sent < 20; sent++) {
            refused = limited.send(admin, false);
        }
        assertEquals(429, refused.statusCode(), refused.body());
        assertAlike("a key over its rate limit", refused, limited.send(admin, true));
    }

    private static void assertAlike(String what, HttpResponse<String> plain, HttpResponse<String> throughJaxRs) {
        assertTrue(plain.statusCode() >= 400 && plain.statusCode() < 500, what + ": " + plain.statusCode());
        assertEquals(plain.statusCode(), throughJaxRs.statusCode(), what + ": " + throughJaxRs.body());
        assertEquals(type(plain), type(throughJaxRs), what);
        assertEquals(plain.body(), throughJaxRs.body(), what + ": the problem, byte for byte");
        for (String header : List.of("WWW-Authenticate", "Location", "Content-Location")) {
            assertEquals(
                    plain.headers().firstValue(header),
                    throughJaxRs.headers().firstValue(header),
                    what + ": " + header);
        }
        assertEquals(
                plain.headers().firstValue("Retry-After").isPresent(),
                throughJaxRs.headers().firstValue("Retry-After").isPresent(),
                what + ": Retry-After");
    }

    private static String type(HttpResponse<String> response) {
        return response.headers()
                .firstValue("Content-Type")
                .orElse("")
                .replace(" ", "")
                .toLowerCase();
    }

    private record Call(String authorization, String contentType, String body) {

        HttpResponse<String> send(Api api, boolean throughJaxRs) {
            HttpRequest.Builder request = api.request("api/v1/links")
                    .header("Content-Type", contentType)
                    .POST(HttpRequest.BodyPublishers.ofString(body));
            if (authorization != null) {
                request.header("Authorization", authorization);
            }
            if (throughJaxRs) {
                request.header("Idempotency-Key", "parity-" + System.nanoTime());
            }
            return api.send(request);
        }
    }
}
