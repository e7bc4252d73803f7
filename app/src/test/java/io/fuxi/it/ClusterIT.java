package io.fuxi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fuxi.platform.cluster.ClusterProbe;
import jakarta.json.JsonObject;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;

/**
 * Two nodes (the run command twice, each with its own data directory, HTTP port and cluster port) on one database,
 * in one cluster: what one node changes, the other's very next redirect or call sees, and a visit limit holds exactly
 * across them.
 */
@Tag("process")
@Tag("browser")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClusterIT {

    private static final String SECRET = "cluster-it-" + System.nanoTime();
    private static final String BROWSER = ClickStatsIT.FIREFOX;
    private static final String BOT = ClickStatsIT.GOOGLEBOT;

    /** A visit limit, and the people who come at once for it, every other one to each node. */
    private static final int LIMIT = 100;

    private static final int PEOPLE = 500;
    private static final int THREADS = 32;
    private static final Pattern WAIT = Pattern.compile("Too many failed sign-ins\\. Try again in (\\d+) seconds?\\.");

    private final String database = "fuxi_cluster_" + System.nanoTime();
    private final Path root = Path.of(System.getProperty("fuxi.it.dir"), "cluster-" + System.nanoTime());
    private final Node nodeA = new Node("a");
    private final Node nodeB = new Node("b");
    private final List<FuxiProcess> processes = new ArrayList<>();
    private Api a;
    private Api b;

    @BeforeAll
    void startTwoNodes() throws Exception {
        String members = nodeA.member() + "," + nodeB.member();
        processes.add(FuxiProcess.startReady(nodeA.launcher(members)));
        processes.add(FuxiProcess.startReady(nodeB.launcher(members)));
        String key =
                Files.readString(nodeA.dataDir.resolve("bootstrap-api-key")).trim();
        a = new Api(FuxiProcess.base(nodeA.port)).as(key);
        b = new Api(FuxiProcess.base(nodeB.port)).as(key);
    }

    /** Each node stops cleanly; whatever happens, none outlives the class, also when a stop fails. */
    @AfterAll
    void stopNodes() throws Exception {
        try {
            for (FuxiProcess process : processes) {
                process.stop();
            }
        } finally {
            processes.forEach(FuxiProcess::close);
        }
    }

    @Test
    void eachNodeSeesBoth() {
        for (Api node : List.of(a, b)) {
            assertEquals(Set.of(nodeA.member(), nodeB.member()), node.clusterMembers());
        }
    }

    /**
     * Failed sign-ins on one node count on the other: a guesser gains nothing by moving between nodes, even with the
     * right password. A throttled attempt is not counted, so the guesser on node A waits out each wait: after nine
     * failures the next attempt must wait 16 s, longer than the browser takes to reach node B.
     */
    @Test
    void failedSignInsOnOneNodeSlowDownTheOther() throws Exception {
        // the first account is made a few seconds after ready, by whichever node comes first
        List<Path> files = List.of(nodeA.dataDir.resolve("admin-password"), nodeB.dataDir.resolve("admin-password"));
        Instant deadline = Instant.now().plusSeconds(60);
        while (files.stream().noneMatch(Files::exists) && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
        }
        String password = Files.readString(
                        files.stream().filter(Files::exists).findFirst().orElseThrow())
                .trim();
        By error = By.cssSelector(".ui-messages-error-summary");
        try (ConsoleBrowser onA =
                        ConsoleBrowser.open(FuxiProcess.base(nodeA.port).toURL());
                ConsoleBrowser onB =
                        ConsoleBrowser.open(FuxiProcess.base(nodeB.port).toURL())) {
            onA.go("admin/");
            for (int failures = 0; failures < 9; ) {
                onA.submitSignIn("admin", "guess-" + failures);
                Matcher wait = WAIT.matcher(onA.text(error));
                if (wait.find()) {
                    Thread.sleep(Long.parseLong(wait.group(1)) * 1000 + 100);
                } else {
                    assertEquals("The name or the password is not right.", onA.text(error));
                    failures++;
                }
            }
            onB.go("admin/");
            onB.submitSignIn("admin", password);
            assertTrue(WAIT.matcher(onB.text(error)).find(), onB.text(error));
        }
    }

    /**
     * A node without the secret cannot join (its join request cannot be decrypted), and the nodes carry on as two; a
     * node with it can, which shows the first probe reached the cluster.
     */
    @Test
    void aNodeWithoutTheSecretCannotJoin() throws Exception {
        String members = nodeA.member() + "," + nodeB.member();
        int strangerPort = FuxiProcess.freePort();
        assertEquals(
                List.of("127.0.0.1:" + strangerPort),
                ClusterProbe.viewAfterJoining(members, strangerPort, "not-the-cluster-secret"));
        assertEquals(Set.of(nodeA.member(), nodeB.member()), a.clusterMembers());

        int friendPort = FuxiProcess.freePort();
        List<String> joined = ClusterProbe.viewAfterJoining(members, friendPort, SECRET);
        assertEquals(Set.of(nodeA.member(), nodeB.member(), "127.0.0.1:" + friendPort), Set.copyOf(joined));

        // the friend has left: both nodes' views are the two again (the other tests count on it), within seconds
        Instant deadline = Instant.now().plusSeconds(30);
        while (!(twoNodes().equals(a.clusterMembers()) && twoNodes().equals(b.clusterMembers()))
                && Instant.now().isBefore(deadline)) {
            Thread.sleep(100);
        }
        assertEquals(twoNodes(), a.clusterMembers());
        assertEquals(twoNodes(), b.clusterMembers());
    }

    private Set<String> twoNodes() {
        return Set.of(nodeA.member(), nodeB.member());
    }

    /** The cluster's sockets are on the configured address (127.0.0.1), and so is HTTP (FUXI_HTTP_ADDRESS). */
    @Test
    void everySocketListensOnTheConfiguredAddressOnly() {
        List<String> sockets = processes
                .get(0)
                .process
                .descendants()
                .flatMap(process -> ListeningSockets.of(process).stream())
                .toList();
        assertTrue(sockets.contains("tcp 127.0.0.1:" + nodeA.clusterPort), sockets.toString());
        assertTrue(sockets.contains("tcp 127.0.0.1:" + nodeA.port), sockets.toString());
        List<String> everywhere = sockets.stream()
                .filter(socket -> socket.contains(" 0.0.0.0:") || socket.contains(" [::]:"))
                .toList();
        assertEquals(List.of(), everywhere, "listening on every interface, of " + sockets);
    }

    @Test
    void anEditOnOneNodeIsSeenByTheOthersVeryNextRedirect() {
        String code = a.created("{\"url\":\"https://cluster.example/edit/0\"}").getString("code");
        for (int edit = 1; edit <= 20; edit++) {
            assertLocation(b, code, "https://cluster.example/edit/" + (edit - 1)); // B holds the link now
            HttpResponse<String> patched =
                    a.patch("api/v1/links/" + code, "{\"url\":\"https://cluster.example/edit/" + edit + "\"}");
            assertEquals(200, patched.statusCode(), patched.body());
            assertLocation(b, code, "https://cluster.example/edit/" + edit);
        }
    }

    @Test
    void aDisableAndADeleteOnOneNodeAreSeenByTheOthersNextRedirect() {
        String code = a.created("{\"url\":\"https://cluster.example/gone\"}").getString("code");
        assertLocation(b, code, "https://cluster.example/gone");
        assertEquals(200, a.patch("api/v1/links/" + code, "{\"enabled\":false}").statusCode());
        assertEquals(410, b.follow(code).statusCode());
        assertEquals(200, a.patch("api/v1/links/" + code, "{\"enabled\":true}").statusCode());
        assertLocation(b, code, "https://cluster.example/gone");
        assertEquals(204, a.delete("api/v1/links/" + code).statusCode());
        assertEquals(404, b.follow(code).statusCode());
    }

    @Test
    void anAliasMadeOnOneNodeIsNoLongerUnknownOnTheOther() {
        String alias = "clu-" + Long.toString(System.nanoTime() % 1_000_000, 36); // never 6 plain characters
        assertEquals(404, b.follow(alias).statusCode());
        assertEquals(404, b.follow(alias).statusCode(), "B now remembers the alias as unknown");
        a.created("{\"url\":\"https://cluster.example/alias\",\"alias\":\"" + alias + "\"}");
        assertLocation(b, alias, "https://cluster.example/alias");
    }

    @Test
    void aDestinationRuleMadeOnOneNodeHoldsOnTheOtherAtOnce() {
        String host = "blocked-" + System.nanoTime() + ".example";
        String code = a.created("{\"url\":\"https://" + host + "/page\"}").getString("code");
        assertLocation(b, code, "https://" + host + "/page");
        HttpResponse<String> rule = a.post("api/v1/destinations", "{\"host\":\"" + host + "\",\"kind\":\"block\"}");
        assertEquals(201, rule.statusCode(), rule.body());
        try {
            assertEquals(410, b.follow(code).statusCode(), "B's redirect to the blocked host");
            Api.assertProblem(b.create("{\"url\":\"https://" + host + "/other\"}"), 400, "url");
        } finally {
            assertEquals(
                    204,
                    a.delete("api/v1/destinations/" + Api.json(rule).getJsonNumber("id"))
                            .statusCode());
        }
        assertLocation(b, code, "https://" + host + "/page");
    }

    /**
     * A domain added, changed and removed on A is what B answers by at once: B creates a link on it and redirects it by
     * its Host, sends an unknown code there to the not-found URL A just set, and refuses the domain once A removed it.
     * A key that A restricts to it is refused elsewhere by B on its very next call.
     */
    @Test
    void aDomainAddedChangedAndRemovedOnOneNodeIsTheOthersAtOnce() {
        String host = "cluster-" + Long.toString(System.nanoTime(), 36) + ".shop.example";
        HttpResponse<String> added = a.post("api/v1/domains", "{\"host\":\"" + host + "\"}");
        assertEquals(201, added.statusCode(), added.body());
        String code = b.created("{\"url\":\"https://cluster.example/domain\",\"domain\":\"" + host + "\"}")
                .getString("code");
        assertEquals(302, onHost(a, host, code).statusCode(), "A redirects it on its domain");
        assertEquals(404, a.follow(code).statusCode(), "and not on the default domain");
        assertEquals(302, onHost(b, host, code).statusCode());

        String unknown = "clu-" + Long.toString(System.nanoTime() % 1_000_000, 36);
        assertEquals(404, onHost(b, host, unknown).statusCode());
        HttpResponse<String> changed =
                a.patch("api/v1/domains/" + host, "{\"notFoundUrl\":\"https://cluster.example/not-found\"}");
        assertEquals(200, changed.statusCode(), changed.body());
        HttpResponse<String> sent = onHost(b, host, unknown);
        assertEquals(302, sent.statusCode(), "B's very next unknown code on the domain");
        assertEquals(
                "https://cluster.example/not-found",
                sent.headers().firstValue("Location").orElse(null));

        JsonObject key = Api.json(a.post("api/v1/keys", "{\"name\":\"cluster-domains\"}"));
        Api onB = b.as(key.getString("secret"));
        assertEquals(
                201,
                onB.create("{\"url\":\"https://cluster.example/anywhere\"}").statusCode());
        HttpResponse<String> restricted =
                a.patch("api/v1/keys/" + key.getInt("id"), "{\"domains\":[\"" + host + "\"]}");
        assertEquals(200, restricted.statusCode(), restricted.body());
        Api.assertProblem(onB.create("{\"url\":\"https://cluster.example/default\"}"), 403, "domain");

        assertEquals(204, a.delete("api/v1/links/" + code).statusCode());
        assertEquals(204, a.delete("api/v1/domains/" + host).statusCode());
        Api.assertProblem(
                b.create("{\"url\":\"https://cluster.example/gone\",\"domain\":\"" + host + "\"}"), 400, "domain");
    }

    private static HttpResponse<String> onHost(Api node, String host, String code) {
        HttpRequest.Builder request = node.request(code);
        return node.send(
                request.header("Host", host + ":" + request.build().uri().getPort())
                        .GET());
    }

    /** B remembers a key once it has used it (KeyCache); revoked on A, the key fails its very next call on B. */
    @Test
    void aKeyRevokedOnOneNodeFailsItsNextCallOnTheOther() {
        JsonObject key = Api.json(a.post("api/v1/keys", "{\"name\":\"cluster-revoked\"}"));
        Api onB = b.as(key.getString("secret"));
        for (int call = 0; call < 3; call++) {
            assertEquals(200, onB.get("api/v1/links?size=1").statusCode());
        }
        assertEquals(204, a.delete("api/v1/keys/" + key.getInt("id")).statusCode());
        Api.assertProblem(onB.get("api/v1/links?size=1"), 401, "Authorization");
    }

    /**
     * A key allowed 60 calls a minute (a burst of 10, then one a second) calls both nodes in turn, one call every
     * 50 ms for 3 s: alone it would get 13 or so through; two nodes that did not share would let about 26 through.
     */
    @Test
    void aKeysLimitHoldsAcrossTheNodes() throws Exception {
        HttpResponse<String> created = a.post("api/v1/keys", "{\"name\":\"cluster-limit\",\"rateLimitPerMinute\":60}");
        assertEquals(201, created.statusCode(), created.body());
        String secret = Api.json(created).getString("secret");
        List<Api> nodes = List.of(a.as(secret), b.as(secret));
        int allowed = 0;
        int refused = 0;
        for (int call = 0; call < 60; call++) {
            int status = nodes.get(call % 2).get("api/v1/links?size=1").statusCode();
            if (status == 200) {
                allowed++;
            } else {
                assertEquals(429, status);
                refused++;
            }
            Thread.sleep(50);
        }
        assertTrue(allowed >= 12 && allowed <= 17, allowed + " calls allowed, " + refused + " refused");
    }

    @Test
    void createsOnBothNodesAtOnceNeverShareACode() throws Exception {
        int perThread = 150;
        HttpResponse<String> created =
                a.post("api/v1/keys", "{\"name\":\"cluster-creates\",\"rateLimitPerMinute\":100000}");
        assertEquals(201, created.statusCode(), created.body());
        String secret = Api.json(created).getString("secret");
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<String>>> codes = new ArrayList<>();
            for (int thread = 0; thread < 4; thread++) {
                Api node = (thread % 2 == 0 ? a : b).as(secret);
                int t = thread;
                codes.add(threads.submit(() -> {
                    List<String> made = new ArrayList<>();
                    for (int i = 0; i < perThread; i++) {
                        made.add(node.created("{\"url\":\"https://cluster.example/many/" + t + "/" + i + "\"}")
                                .getString("code"));
                    }
                    return made;
                }));
            }
            Set<String> distinct = new HashSet<>();
            for (Future<List<String>> made : codes) {
                distinct.addAll(made.get());
            }
            assertEquals(4 * perThread, distinct.size(), "no code handed out twice");
            Rows rows = new Rows(TestDatabase.dataSource(database));
            assertEquals(
                    4 * perThread,
                    rows.number("SELECT COUNT(*) FROM link WHERE url LIKE 'https://cluster.example/many/%'"));
        } finally {
            threads.shutdownNow();
        }
    }

    private static void assertLocation(Api node, String code, String expected) {
        HttpResponse<String> redirect = node.follow(code);
        assertEquals(302, redirect.statusCode(), code + ": " + redirect.body());
        assertEquals(expected, redirect.headers().firstValue("Location").orElse(null));
    }

    /**
     * One test for both links: the nodes are started once. Each link is first visited by a bot on each node, which puts
     * it in both nodes' caches without using a visit up, so the rush is answered from the caches as real traffic is.
     */
    @Test
    void aVisitLimitHoldsExactlyAcrossTheNodes() throws Exception {
        Set<String> both = Set.of(nodeA.member(), nodeB.member());
        assertEquals(both, a.clusterMembersOnceThey(both));
        assertEquals(both, b.clusterMembersOnceThey(both));
        long run = System.nanoTime();

        String url = "https://cluster.example/limited/" + run;
        JsonObject limited = a.created("{\"url\":\"" + url + "\",\"maxVisits\":" + LIMIT + "}");
        String code = limited.getString("code");
        assertEquals(LIMIT, limited.getInt("visitsLeft"), limited.toString());
        cacheOnBothNodes(code, url);
        assertEquals(
                Map.of("302 " + url, LIMIT, "410", PEOPLE - LIMIT),
                visitAllAtOnce(code),
                "answers to " + PEOPLE + " people at once, by status and Location");
        assertVisitsLeftOnBothNodes(code, 0);
        for (Api node : List.of(a, b)) {
            assertEquals("410", answer(visit(node, code, BROWSER)), "still over the limit");
            assertEquals("410", answer(visit(node, code, BOT)), "no visits left for bots either");
        }

        String fallbackUrl = "https://fallback.example/limited/" + run + "?from=fuxi";
        String withFallbackUrl = "https://cluster.example/limited-with-fallback/" + run;
        JsonObject withFallback = a.created("{\"url\":\"" + withFallbackUrl + "\",\"maxVisits\":" + LIMIT
                + ",\"fallbackUrl\":\"" + fallbackUrl + "\"}");
        String fallbackCode = withFallback.getString("code");
        assertEquals(fallbackUrl, withFallback.getString("fallbackUrl"), withFallback.toString());
        cacheOnBothNodes(fallbackCode, withFallbackUrl);
        assertEquals(
                Map.of("302 " + withFallbackUrl, LIMIT, "302 " + fallbackUrl, PEOPLE - LIMIT),
                visitAllAtOnce(fallbackCode),
                "answers to " + PEOPLE + " people at once, by status and Location");
        assertVisitsLeftOnBothNodes(fallbackCode, 0);
        for (Api node : List.of(a, b)) {
            assertEquals(
                    "302 " + fallbackUrl,
                    answer(visit(node, fallbackCode + "?utm_source=x", BROWSER)),
                    "the next person goes to the fallback too, without the query");
        }
    }

    /** A bot's visit on each node: redirected to the URL, and no visit used up. */
    private void cacheOnBothNodes(String code, String url) {
        for (Api node : List.of(a, b)) {
            assertEquals("302 " + url, answer(visit(node, code, BOT)));
        }
        assertVisitsLeftOnBothNodes(code, LIMIT);
    }

    /**
     * {@link #PEOPLE} browser visits released together from {@link #THREADS} threads, every other one to each node; the
     * answers counted by status and Location.
     */
    private Map<String, Integer> visitAllAtOnce(String code) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<String>> answers = new ArrayList<>();
            for (int i = 0; i < PEOPLE; i++) {
                Api node = i % 2 == 0 ? a : b;
                answers.add(threads.submit(() -> {
                    start.await();
                    return answer(visit(node, code, BROWSER));
                }));
            }
            start.countDown();
            Map<String, Integer> counted = new TreeMap<>();
            for (Future<String> answer : answers) {
                counted.merge(answer.get(2, TimeUnit.MINUTES), 1, Integer::sum);
            }
            return counted;
        } finally {
            threads.shutdownNow();
        }
    }

    private void assertVisitsLeftOnBothNodes(String code, int visitsLeft) {
        for (Api node : List.of(a, b)) {
            HttpResponse<String> read = node.get("api/v1/links/" + code);
            assertEquals(200, read.statusCode(), read.body());
            JsonObject link = Api.json(read);
            assertEquals(LIMIT, link.getInt("maxVisits"), link.toString());
            assertEquals(visitsLeft, link.getInt("visitsLeft"), link.toString());
        }
    }

    /** A GET of the short URL (not followed: Api never follows redirects) as this User-Agent sends it. */
    private static HttpResponse<String> visit(Api node, String path, String userAgent) {
        return node.send(node.request(path).header("User-Agent", userAgent).GET());
    }

    /** The status, and the Location when there is one: "302 https://...", "410". */
    private static String answer(HttpResponse<String> response) {
        return response.statusCode()
                + response.headers()
                        .firstValue("Location")
                        .map(location -> " " + location)
                        .orElse("");
    }

    private final class Node {
        final Path dataDir;
        final int port = FuxiProcess.freePort();
        final int clusterPort = FuxiProcess.freePort();

        Node(String name) {
            this.dataDir = root.resolve(name);
        }

        String member() {
            return "127.0.0.1:" + clusterPort;
        }

        ProcessBuilder launcher(String members) {
            ProcessBuilder builder = FuxiProcess.launcherOnTestDatabase(dataDir, port, database);
            builder.environment().put("FUXI_CLUSTER_MEMBERS", members);
            builder.environment().put("FUXI_CLUSTER_PORT", Integer.toString(clusterPort));
            builder.environment().put("FUXI_CLUSTER_SECRET", SECRET);
            return builder;
        }
    }
}
