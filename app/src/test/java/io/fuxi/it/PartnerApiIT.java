package io.fuxi.it;

import static io.fuxi.it.Api.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.client.j2se.BufferedImageLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** The partner API as partners and admins use it: keys and roles, ownership, changes seen by the next redirect. */
class PartnerApiIT extends DeployedFuxi {

    @Test
    void adminMakesPartnerKeysWhoseSecretIsShownOnce() {
        HttpResponse<String> created = admin.post("api/v1/keys", "{\"name\":\"partner-one\"}");
        assertEquals(201, created.statusCode(), created.body());
        JsonObject key = Api.json(created);
        assertEquals("partner", key.getString("role"));
        assertTrue(key.getString("secret").startsWith("fuxi_"));

        HttpResponse<String> list = admin.get("api/v1/keys");
        assertEquals(200, list.statusCode());
        assertFalse(list.body().contains(key.getString("secret")), "a listed key never shows its secret");
        assertTrue(list.body().contains("partner-one"));

        assertProblem(admin.post("api/v1/keys", "{\"role\":\"partner\"}"), 400, "name");
        assertProblem(admin.post("api/v1/keys", "{\"name\":\"x\",\"role\":\"root\"}"), 400, "role");
        assertProblem(admin.delete("api/v1/keys/abc"), 400, "id");
        assertProblem(admin.delete("api/v1/keys/987654321"), 404, "id");
    }

    @Test
    void partnersSeeAndTouchOnlyTheirOwnLinks() {
        Api alice = admin.newPartner("alice");
        Api bob = admin.newPartner("bob");
        String code =
                alice.created("{\"url\":\"https://example.com/alice-only\"}").getString("code");

        assertEquals(200, alice.get("api/v1/links/" + code).statusCode());
        assertProblem(bob.get("api/v1/links/" + code), 404, "code");
        assertProblem(bob.patch("api/v1/links/" + code, "{\"url\":\"https://evil.example/\"}"), 404, "code");
        assertProblem(bob.delete("api/v1/links/" + code), 404, "code");
        assertTrue(Api.json(bob.get("api/v1/links")).getJsonArray("links").isEmpty());
        assertEquals(200, admin.get("api/v1/links/" + code).statusCode(), "an admin sees every link");
        assertEquals(
                "https://example.com/alice-only",
                admin.follow(code).headers().firstValue("Location").orElseThrow());

        assertProblem(alice.get("api/v1/keys"), 403, null);
        assertProblem(alice.post("api/v1/keys", "{\"name\":\"mine\"}"), 403, null);
        assertProblem(alice.get("api/v1/pool"), 403, null);
    }

    /** What Accept says never changes a call's answer: an error is its own problem, a success its one representation. */
    @Test
    void everyCallAnswersTheSameWhateverTheClientAccepts() {
        Api partner = admin.newPartner("picky");
        String code = partner.created("{\"url\":\"https://example.com/picky\"}").getString("code");
        String[][] failing = {
            {"POST", "api/v1/links", "{\"url\":\"ftp://example.com\"}", "400", "url"},
            {"POST", "api/v1/links/bulk", "{}", "400", "body"},
            {"GET", "api/v1/links?size=0", null, "400", "size"},
            {"GET", "api/v1/links/zz-none", null, "404", "code"},
            {"GET", "api/v1/links/zz-none/qr", null, "404", "code"},
            {"PATCH", "api/v1/links/zz-none", "{\"enabled\":false}", "404", "code"},
            {"DELETE", "api/v1/links/zz-none", null, "404", "code"},
            {"POST", "api/v1/keys", "{\"name\":\"x\"}", "403", null},
            {"GET", "api/v1/keys", null, "403", null},
            {"DELETE", "api/v1/keys/1", null, "403", null},
            {"GET", "api/v1/destinations", null, "403", null},
            {"POST", "api/v1/destinations", "{\"host\":\"example.org\"}", "403", null},
            {"DELETE", "api/v1/destinations/1", null, "403", null},
            {"PUT", "api/v1/destinations/mode", "{\"mode\":\"allow\"}", "403", null},
            {"GET", "api/v1/pool", null, "403", null},
            {"POST", "api/v1/pool/batches", "{\"size\":1}", "403", null},
            {"GET", "api/v1/expiry", null, "403", null},
            {"POST", "api/v1/expiry/purges", null, "403", null},
            {"GET", "api/v1/no-such-call", null, "404", null}
        };
        for (String accept : List.of("application/problem+json", "text/html", "text/csv", "application/xml;q=0.9")) {
            for (String[] call : failing) {
                HttpRequest.Builder request = partner.authorized(call[1])
                        .header("Accept", accept)
                        .header("Content-Type", "application/json")
                        .method(
                                call[0],
                                call[2] == null
                                        ? HttpRequest.BodyPublishers.noBody()
                                        : HttpRequest.BodyPublishers.ofString(call[2]));
                assertProblem(partner.send(request), Integer.parseInt(call[3]), call[4]);
            }
            assertProblem(
                    partner.send(partner.request("api/v1/links")
                            .header("Accept", accept)
                            .GET()),
                    401,
                    "Authorization");

            HttpResponse<String> read = partner.send(partner.authorized("api/v1/links/" + code)
                    .header("Accept", accept)
                    .GET());
            assertEquals(200, read.statusCode(), accept + ": " + read.body());
            assertEquals(
                    "application/json",
                    read.headers().firstValue("Content-Type").orElseThrow());
            HttpResponse<byte[]> qr = partner.sendForBytes(partner.authorized("api/v1/links/" + code + "/qr?format=png")
                    .header("Accept", accept)
                    .GET());
            assertEquals(200, qr.statusCode(), accept);
            assertEquals("image/png", qr.headers().firstValue("Content-Type").orElseThrow());
        }
        assertEquals(200, partner.get("api/v1/links/" + code).statusCode(), "nothing above changed the link");
    }

    @Test
    void aRevokedKeyFailsItsNextCallAndUseIsRecorded() throws InterruptedException {
        JsonObject key = Api.json(admin.post("api/v1/keys", "{\"name\":\"short-lived\"}"));
        Api partner = admin.as(key.getString("secret"));
        assertEquals(200, partner.get("api/v1/links").statusCode());
        assertEquals(204, admin.delete("api/v1/keys/" + key.getInt("id")).statusCode());
        assertProblem(partner.get("api/v1/links"), 401, "Authorization");

        JsonObject listed = awaitLastUse(key.getInt("id"));
        assertFalse(listed.isNull("revokedAt"));
        assertFalse(listed.isNull("lastUsedAt"));
    }

    @Test
    void theLastAdminKeyCannotBeRevoked() {
        JsonArray keys = Api.json(admin.get("api/v1/keys")).getJsonArray("keys");
        List<JsonObject> activeAdmins = keys.getValuesAs(JsonObject.class).stream()
                .filter(key -> key.getString("role").equals("admin") && key.isNull("revokedAt"))
                .toList();
        assertEquals(1, activeAdmins.size());
        assertProblem(admin.delete("api/v1/keys/" + activeAdmins.get(0).getInt("id")), 409, "id");
    }

    @Test
    void changesAreSeenByTheVeryNextRedirect() {
        String code = admin.created("{\"url\":\"https://example.com/before\"}").getString("code");
        assertEquals(
                "https://example.com/before",
                admin.follow(code).headers().firstValue("Location").orElseThrow());

        JsonObject changed = Api.json(admin.patch("api/v1/links/" + code, "{\"url\":\"https://example.com/after\"}"));
        assertEquals("https://example.com/after", changed.getString("url"));
        assertEquals(
                "https://example.com/after",
                admin.follow(code).headers().firstValue("Location").orElseThrow());

        admin.patch("api/v1/links/" + code, "{\"enabled\":false}");
        HttpResponse<String> disabled = admin.follow(code);
        assertEquals(410, disabled.statusCode());
        assertTrue(disabled.body().contains("Link disabled"));
        admin.patch("api/v1/links/" + code, "{\"enabled\":true}");
        assertEquals(302, admin.follow(code).statusCode());

        for (int status : new int[] {301, 307, 308}) {
            assertEquals(
                    status,
                    Api.json(admin.patch("api/v1/links/" + code, "{\"redirectStatus\":" + status + "}"))
                            .getInt("redirectStatus"));
            assertEquals(status, admin.follow(code).statusCode());
        }
        assertEquals(
                302,
                Api.json(admin.patch("api/v1/links/" + code, "{\"redirectStatus\":null}"))
                        .getInt("redirectStatus"));
        assertEquals(302, admin.follow(code).statusCode());

        String soon = Instant.now().plusSeconds(3600).toString();
        assertEquals(
                Instant.parse(soon).truncatedTo(ChronoUnit.MILLIS),
                Instant.parse(Api.json(admin.patch("api/v1/links/" + code, "{\"expiresAt\":\"" + soon + "\"}"))
                        .getString("expiresAt")));

        assertEquals(204, admin.delete("api/v1/links/" + code).statusCode());
        assertEquals(404, admin.follow(code).statusCode());
        assertProblem(admin.get("api/v1/links/" + code), 404, "code");
        assertProblem(admin.delete("api/v1/links/" + code), 404, "code");
    }

    @Test
    void badChangesAreRefusedNamingTheirField() {
        String code = admin.created("{\"url\":\"https://example.com/stays\"}").getString("code");
        String path = "api/v1/links/" + code;
        assertProblem(admin.patch(path, "{\"url\":\"javascript:alert(1)\"}"), 400, "url");
        assertProblem(admin.patch(path, "{\"url\":null}"), 400, "url");
        assertProblem(admin.patch(path, "{\"enabled\":\"no\"}"), 400, "enabled");
        assertProblem(admin.patch(path, "{\"redirectStatus\":303}"), 400, "redirectStatus");
        assertProblem(admin.patch(path, "{\"redirectStatus\":\"301\"}"), 400, "redirectStatus");
        assertProblem(admin.patch(path, "{\"expiresAt\":\"2001-01-01T00:00:00Z\"}"), 400, "expiresAt");
        assertProblem(admin.patch(path, "{\"code\":\"other\"}"), 400, "code");
        assertProblem(admin.patch(path, "[]"), 400, "body");
        assertEquals("https://example.com/stays", Api.json(admin.get(path)).getString("url"));
        assertEquals(302, admin.follow(code).statusCode());
    }

    @Test
    void theSameUrlFromTheSameKeyGetsTheSameLink() {
        Api carol = admin.newPartner("carol");
        JsonObject first = carol.created("{\"url\":\"https://example.com/popular\"}");

        HttpResponse<String> again = carol.create("{\"url\":\"https://example.com/popular\"}");
        assertEquals(200, again.statusCode(), again.body());
        assertEquals(first.getString("code"), Api.json(again).getString("code"));

        assertNotEquals(
                first.getString("code"),
                carol.created("{\"url\":\"https://example.com/popular\",\"new\":true}")
                        .getString("code"));
        Api dave = admin.newPartner("dave");
        assertNotEquals(
                first.getString("code"),
                dave.created("{\"url\":\"https://example.com/popular\"}").getString("code"));

        String latest = Api.json(carol.create("{\"url\":\"https://example.com/popular\"}"))
                .getString("code");
        carol.patch("api/v1/links/" + latest, "{\"enabled\":false}");
        HttpResponse<String> afterDisable = carol.create("{\"url\":\"https://example.com/popular\"}");
        assertTrue(List.of(200, 201).contains(afterDisable.statusCode()));
        assertNotEquals(latest, Api.json(afterDisable).getString("code"), "a disabled link is never handed back");
    }

    @Test
    void createsCanNameTheirRedirectStatus() {
        String code = admin.created("{\"url\":\"https://example.com/moved\",\"redirectStatus\":308}")
                .getString("code");
        assertEquals(308, admin.follow(code).statusCode());
        assertProblem(
                admin.create("{\"url\":\"https://example.com/x\",\"redirectStatus\":200}"), 400, "redirectStatus");
        assertProblem(admin.create("{\"url\":\"https://example.com/x\",\"new\":\"yes\"}"), 400, "new");
    }

    @Test
    void listingIsNewestFirstPagedAndSearchable() {
        Api erin = admin.newPartner("erin");
        for (int i = 0; i < 5; i++) {
            erin.created("{\"url\":\"https://shop.example/item/" + i + "\"}");
        }
        String alias = erin.created("{\"url\":\"https://other.example/\",\"alias\":\"erin-special\"}")
                .getString("code");

        JsonObject page0 = Api.json(erin.get("api/v1/links?size=4"));
        assertEquals(4, page0.getJsonArray("links").size());
        assertTrue(page0.getBoolean("hasMore"));
        assertEquals(alias, page0.getJsonArray("links").getJsonObject(0).getString("code"), "newest first");
        JsonObject page1 = Api.json(erin.get("api/v1/links?size=4&page=1"));
        assertEquals(2, page1.getJsonArray("links").size());
        assertFalse(page1.getBoolean("hasMore"));

        assertEquals(
                5,
                Api.json(erin.get("api/v1/links?q=shop.example/item"))
                        .getJsonArray("links")
                        .size());
        assertEquals(
                1,
                Api.json(erin.get("api/v1/links?q=item/3"))
                        .getJsonArray("links")
                        .size());
        assertEquals(
                alias,
                Api.json(erin.get("api/v1/links?q=erin-special"))
                        .getJsonArray("links")
                        .getJsonObject(0)
                        .getString("code"));
        assertEquals(
                0,
                Api.json(erin.get("api/v1/links?q=%25")).getJsonArray("links").size(),
                "% is text, not a wildcard");

        assertProblem(erin.get("api/v1/links?size=0"), 400, "size");
        assertProblem(erin.get("api/v1/links?size=101"), 400, "size");
        assertProblem(erin.get("api/v1/links?page=-1"), 400, "page");
        assertProblem(erin.get("api/v1/links?page=abc"), 400, "page");
    }

    @Test
    void bulkAnswersEachItemInOrderAndABadItemSinksNoOther() {
        Api frank = admin.newPartner("frank");
        String taken = frank.created("{\"url\":\"https://example.com/taken\",\"alias\":\"frank-taken\"}")
                .getString("code");
        HttpResponse<String> response = frank.post("api/v1/links/bulk", """
                [{"url":"https://example.com/bulk/0"},
                 {"url":"javascript:alert(1)"},
                 {"url":"https://example.com/bulk/2","alias":"frank-bulk"},
                 {"url":"https://example.com/bulk/3","alias":"frank-bulk"},
                 {"url":"https://example.com/bulk/4","alias":"%s"},
                 {"url":"https://example.com/bulk/0"},
                 42,
                 {"url":"https://example.com/bulk/7","redirectStatus":307},
                 {"url":"https://example.com/bulk/8","colour":"red"}]""".formatted(taken));
        assertEquals(200, response.statusCode(), response.body());
        JsonArray results = Api.json(response).getJsonArray("results");
        assertEquals(9, results.size());
        int[] statuses = {201, 400, 201, 409, 409, 200, 400, 201, 400};
        String[] fields = {null, "url", null, "alias", "alias", null, "body", null, "colour"};
        for (int i = 0; i < statuses.length; i++) {
            JsonObject result = results.getJsonObject(i);
            assertEquals(i, result.getInt("index"));
            assertEquals(statuses[i], result.getInt("status"), result.toString());
            if (fields[i] != null) {
                assertEquals(fields[i], result.getJsonObject("problem").getString("field"));
            }
        }
        String first = results.getJsonObject(0).getJsonObject("link").getString("code");
        assertEquals(
                first,
                results.getJsonObject(5).getJsonObject("link").getString("code"),
                "the same URL twice is one link");
        assertEquals(
                "https://example.com/bulk/0",
                admin.follow(first).headers().firstValue("Location").orElseThrow());
        assertEquals(
                "https://example.com/bulk/2",
                admin.follow("frank-bulk").headers().firstValue("Location").orElseThrow());
        assertEquals(
                307,
                admin.follow(results.getJsonObject(7).getJsonObject("link").getString("code"))
                        .statusCode());
        assertEquals(3, Api.json(response).getInt("created"));
        assertEquals(5, Api.json(response).getInt("failed"));
    }

    @Test
    void bulkTakesUpToAThousandItems() {
        StringBuilder thousand = new StringBuilder("[");
        for (int i = 0; i < 1000; i++) {
            thousand.append(i == 0 ? "" : ",")
                    .append("{\"url\":\"https://example.com/thousand/")
                    .append(i)
                    .append("\"}");
        }
        HttpResponse<String> response =
                admin.post("api/v1/links/bulk", thousand.append("]").toString());
        assertEquals(200, response.statusCode(), response.body());
        JsonArray results = Api.json(response).getJsonArray("results");
        assertEquals(
                1000,
                results.getValuesAs(JsonObject.class).stream()
                        .map(result -> result.getJsonObject("link").getString("code"))
                        .distinct()
                        .count());
        JsonObject last = results.getJsonObject(999).getJsonObject("link");
        assertEquals(
                "https://example.com/thousand/999",
                admin.follow(last.getString("code"))
                        .headers()
                        .firstValue("Location")
                        .orElseThrow());

        assertProblem(admin.post("api/v1/links/bulk", "[]"), 400, "body");
        assertProblem(admin.post("api/v1/links/bulk", "{\"url\":\"https://example.com\"}"), 400, "body");
        assertProblem(admin.post("api/v1/links/bulk", "[" + "{},".repeat(1000) + "{}]"), 400, "body");
        assertProblem(admin.post("api/v1/links/bulk", "[\"" + "a".repeat(5_000_000) + "\"]"), 413, "body");
    }

    @Test
    void aRetryWithTheSameIdempotencyKeyGetsTheFirstAnswer() {
        Api gina = admin.newPartner("gina");
        String body = "{\"url\":\"https://example.com/once\",\"new\":true}";
        HttpResponse<String> first = gina.send(idempotent(gina, "api/v1/links", "retry-1", body));
        assertEquals(201, first.statusCode(), first.body());
        HttpResponse<String> retry = gina.send(idempotent(gina, "api/v1/links", "retry-1", body));
        assertEquals(201, retry.statusCode());
        assertEquals("true", retry.headers().firstValue("Idempotent-Replayed").orElseThrow());
        assertEquals(Api.json(first).getString("code"), Api.json(retry).getString("code"));
        assertEquals(first.headers().firstValue("Location"), retry.headers().firstValue("Location"));
        assertEquals(
                1,
                Api.json(gina.get("api/v1/links?q=example.com/once"))
                        .getJsonArray("links")
                        .size());

        assertProblem(
                gina.send(idempotent(gina, "api/v1/links", "retry-1", "{\"url\":\"https://example.com/other\"}")),
                422,
                "Idempotency-Key");
        assertProblem(gina.send(idempotent(gina, "api/v1/links", "x".repeat(256), body)), 400, "Idempotency-Key");

        HttpResponse<String> refused =
                gina.send(idempotent(gina, "api/v1/links", "bad-1", "{\"url\":\"ftp://example.com\"}"));
        assertProblem(refused, 400, "url");
        HttpResponse<String> refusedAgain =
                gina.send(idempotent(gina, "api/v1/links", "bad-1", "{\"url\":\"ftp://example.com\"}"));
        assertProblem(refusedAgain, 400, "url");
        assertEquals(
                "true", refusedAgain.headers().firstValue("Idempotent-Replayed").orElseThrow());

        String items = "[{\"url\":\"https://example.com/bulk-once/1\"},{\"url\":\"https://example.com/bulk-once/2\"}]";
        HttpResponse<String> bulk = gina.send(idempotent(gina, "api/v1/links/bulk", "bulk-1", items));
        assertEquals(
                bulk.body(),
                gina.send(idempotent(gina, "api/v1/links/bulk", "bulk-1", items))
                        .body());
        assertEquals(
                2,
                Api.json(gina.get("api/v1/links?q=bulk-once"))
                        .getJsonArray("links")
                        .size());
    }

    /** Twenty identical requests at once with one Idempotency-Key: exactly one link is made. */
    @Test
    void concurrentRetriesCreateExactlyOneLink() throws Exception {
        Api hugo = admin.newPartner("hugo");
        String body = "{\"url\":\"https://example.com/exactly-once\",\"new\":true}";
        ExecutorService threads = Executors.newFixedThreadPool(20);
        List<Future<HttpResponse<String>>> answers = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            answers.add(threads.submit(() -> hugo.send(idempotent(hugo, "api/v1/links", "same-key", body))));
        }
        Set<String> codes = new HashSet<>();
        for (Future<HttpResponse<String>> answer : answers) {
            HttpResponse<String> response = answer.get();
            assertTrue(
                    response.statusCode() == 201 || response.statusCode() == 409,
                    response.statusCode() + " " + response.body());
            if (response.statusCode() == 201) {
                codes.add(Api.json(response).getString("code"));
            } else {
                assertProblem(response, 409, "Idempotency-Key");
            }
        }
        threads.shutdown();
        assertEquals(1, codes.size());
        assertEquals(
                1,
                Api.json(hugo.get("api/v1/links?q=exactly-once"))
                        .getJsonArray("links")
                        .size());
        HttpResponse<String> later = hugo.send(idempotent(hugo, "api/v1/links", "same-key", body));
        assertEquals(codes.iterator().next(), Api.json(later).getString("code"));
    }

    @Test
    void qrCodesDrawTheShortUrl() throws Exception {
        Api ivan = admin.newPartner("ivan");
        JsonObject link = ivan.created("{\"url\":\"https://example.com/printed\"}");
        String path = "api/v1/links/" + link.getString("code") + "/qr";

        HttpResponse<byte[]> png =
                ivan.sendForBytes(ivan.authorized(path + "?size=300").GET());
        assertEquals(200, png.statusCode());
        assertEquals("image/png", png.headers().firstValue("Content-Type").orElseThrow());
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png.body()));
        BinaryBitmap bitmap = new BinaryBitmap(new HybridBinarizer(new BufferedImageLuminanceSource(image)));
        // read as the unrotated, computer-drawn picture it is: ZXing's camera-style search for the finder patterns
        // misses about 1 in 175 valid codes of random short URLs (17 of 3,000 here), which all decode this way
        assertEquals(
                link.getString("shortUrl"),
                new QRCodeReader()
                        .decode(bitmap, Map.of(DecodeHintType.PURE_BARCODE, true))
                        .getText());

        HttpResponse<String> svg = ivan.get(path + "?format=svg");
        assertEquals(200, svg.statusCode());
        assertEquals("image/svg+xml", svg.headers().firstValue("Content-Type").orElseThrow());
        assertTrue(svg.body().startsWith("<svg"));

        assertProblem(ivan.get(path + "?format=gif"), 400, "format");
        assertProblem(ivan.get(path + "?size=10"), 400, "size");
        Api judy = admin.newPartner("judy");
        assertProblem(
                judy.send(judy.authorized(path).header("Accept", "image/png").GET()), 404, "code");
    }

    private static HttpRequest.Builder idempotent(Api api, String path, String key, String body) {
        return api.authorized(path)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", key)
                .POST(HttpRequest.BodyPublishers.ofString(body));
    }

    private JsonObject awaitLastUse(int id) throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(10);
        while (true) {
            JsonObject key =
                    Api.json(admin.get("api/v1/keys")).getJsonArray("keys").getValuesAs(JsonObject.class).stream()
                            .filter(candidate -> candidate.getInt("id") == id)
                            .findFirst()
                            .orElseThrow();
            if (!key.isNull("lastUsedAt") || Instant.now().isAfter(deadline)) {
                return key;
            }
            Thread.sleep(100);
        }
    }
}
