package io.fuxi.it;

import static io.fuxi.it.Api.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/** Destination safety, in a deployment of its own: allow-list mode would refuse other test classes' links. */
class DestinationsIT extends DeployedFuxi {

    @Test
    void blockedHostsAndTheirSubdomainsAreRefusedNamingTheRule() {
        int rule = Api.json(admin.post("api/v1/destinations", "{\"host\":\"Blocked.Example\",\"note\":\"phishing\"}"))
                .getInt("id");
        HttpResponse<String> refused = admin.create("{\"url\":\"https://www.blocked.example/login\"}");
        assertProblem(refused, 400, "url");
        assertTrue(
                Api.json(refused).getString("detail").contains("rule " + rule + " (blocked.example)"), refused.body());
        assertProblem(admin.create("{\"url\":\"https://blocked.example/\"}"), 400, "url");
        assertEquals(
                201, admin.create("{\"url\":\"https://notblocked.example/\"}").statusCode());
        assertProblem(admin.post("api/v1/destinations", "{\"host\":\"blocked.example\"}"), 409, "host");
    }

    @Test
    void linksToANewlyBlockedHostStopRedirectingUntilTheRuleGoes() {
        String code = Api.json(admin.create("{\"url\":\"https://later.example/page\"}"))
                .getString("code");
        assertEquals(302, admin.follow(code).statusCode());

        int rule = Api.json(admin.post("api/v1/destinations", "{\"host\":\"later.example\"}"))
                .getInt("id");
        HttpResponse<String> gone = admin.follow(code);
        assertEquals(410, gone.statusCode());
        assertTrue(gone.body().contains("Link blocked"));
        String other =
                Api.json(admin.create("{\"url\":\"https://fine.example/\"}")).getString("code");
        assertProblem(admin.patch("api/v1/links/" + other, "{\"url\":\"https://sub.later.example/\"}"), 400, "url");

        assertEquals(204, admin.delete("api/v1/destinations/" + rule).statusCode());
        assertEquals(302, admin.follow(code).statusCode());
    }

    @Test
    void allowListModeAcceptsOnlyListedHosts() {
        String before = Api.json(admin.create("{\"url\":\"https://elsewhere.example/\"}"))
                .getString("code");
        int rule = Api.json(admin.post("api/v1/destinations", "{\"host\":\"good.example\",\"kind\":\"allow\"}"))
                .getInt("id");
        assertEquals(
                "allow",
                Api.json(admin.send(admin.authorized("api/v1/destinations/mode")
                                .header("Content-Type", "application/json")
                                .PUT(HttpRequest.BodyPublishers.ofString("{\"mode\":\"allow\"}"))))
                        .getString("mode"));
        try {
            assertEquals(
                    201,
                    admin.create("{\"url\":\"https://cdn.good.example/app.js\"}")
                            .statusCode());
            HttpResponse<String> refused = admin.create("{\"url\":\"https://other.example/\"}");
            assertProblem(refused, 400, "url");
            assertTrue(Api.json(refused).getString("detail").contains("not on the allow-list"));
            assertEquals(410, admin.follow(before).statusCode());
            JsonObject state = Api.json(admin.get("api/v1/destinations"));
            assertEquals("allow", state.getString("mode"));
        } finally {
            admin.send(admin.authorized("api/v1/destinations/mode")
                    .header("Content-Type", "application/json")
                    .PUT(HttpRequest.BodyPublishers.ofString("{\"mode\":\"block\"}")));
            admin.delete("api/v1/destinations/" + rule);
        }
        assertEquals(302, admin.follow(before).statusCode());
    }

    @Test
    void onlyAdminsManageDestinationsAndBadRulesAreRefused() {
        Api partner = admin.newPartner("p");
        assertProblem(partner.get("api/v1/destinations"), 403, null);
        assertProblem(partner.post("api/v1/destinations", "{\"host\":\"x.example\"}"), 403, null);

        assertProblem(admin.post("api/v1/destinations", "{}"), 400, "host");
        assertProblem(admin.post("api/v1/destinations", "{\"host\":\"exa mple.com\"}"), 400, "host");
        assertProblem(admin.post("api/v1/destinations", "{\"host\":\"a..b\"}"), 400, "host");
        assertProblem(admin.post("api/v1/destinations", "{\"host\":\"ok.example\",\"kind\":\"maybe\"}"), 400, "kind");
        assertProblem(admin.post("api/v1/destinations", "{\"host\":\"ok.example\",\"colour\":1}"), 400, "colour");
        assertProblem(admin.delete("api/v1/destinations/424242"), 404, "id");
        assertProblem(admin.delete("api/v1/destinations/x"), 400, "id");
        assertProblem(
                admin.send(admin.authorized("api/v1/destinations/mode")
                        .header("Content-Type", "application/json")
                        .PUT(HttpRequest.BodyPublishers.ofString("{\"mode\":\"both\"}"))),
                400,
                "mode");
    }
}
