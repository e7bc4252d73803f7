package io.fuxi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fuxi.launcher.EmbeddedDatabase;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The run command as a user runs it: target/fuxi-launcher.jar with the embedded MariaDB, stopped by SIGTERM, started again. */
@Tag("process")
class LauncherIT {

    private static final int CLICKS = 7;
    private static final int KEPT_ALIVE = 400;
    private static final Pattern DB_PORT = Pattern.compile("Embedded MariaDB listening on 127\\.0\\.0\\.1:(\\d+)");
    private static final Pattern SCHEMA_LINE =
            Pattern.compile("Schema at version (\\S+) \\((\\d+) migrations applied\\)");

    private final Path dataDir = Path.of(System.getProperty("fuxi.it.dir"), "launcher-data-" + System.nanoTime());
    private final int httpPort = FuxiProcess.freePort();
    private final List<FuxiProcess> started = new ArrayList<>();

    /** A test that failed half-way leaves nothing running (two such Fuxis went on burning a core each). */
    @AfterEach
    void stopWhatIsLeft() {
        started.forEach(FuxiProcess::close);
    }

    @Test
    void runsStopsCleanlyAndKeepsItsDataBetweenRuns() throws Exception {
        FuxiProcess first = start();
        assertTrue(first.process.descendants().count() >= 2, "the launcher runs MariaDB and Payara Micro");
        String key = Files.readString(dataDir.resolve("bootstrap-api-key")).trim();
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(dataDir.resolve("bootstrap-api-key"))));
        assertEquals(
                1,
                first.output.stream().filter(line -> line.contains(key)).count(),
                "the generated key is printed once");
        assertListensOnLoopbackOnly(databasePort(first));
        assertTheDatabaseIsFuxisAlone(first);
        String latest = latestMigration();
        assertEquals(latest, schemaLine(first).group(1), "the first start brings the schema to the latest version");
        assertTrue(Integer.parseInt(schemaLine(first).group(2)) >= Integer.parseInt(latest));
        assertListensOnLoopbackOnly(httpPort);
        assertQuietStart(first);
        assertTrue(
                first.payara().info().commandLine().orElse("").contains(" -XX:-ClassUnloadingWithConcurrentMark "),
                "G1's concurrent cycles unload no classes in Payara's JVM (ADR 48)");
        assertFalse(
                Files.readString(dataDir.resolve("logs/fuxi.log")).contains("Data Grid"),
                "Payara's own Hazelcast does not start");

        Api api = new Api(URI.create("http://127.0.0.1:" + httpPort + "/"));
        assertScheduledJobsRun(api);
        HttpResponse<String> created = create(api, key, "https://example.com/kept");
        assertEquals(201, created.statusCode(), created.body());
        assertEquals(Optional.empty(), created.headers().firstValue("Server"), "the platform is not named");
        String code = Api.json(created).getString("code");
        assertSingleCreatesAnsweredEarly(api, key);
        long creates0 = sample(api, "fuxi_creates_early");
        CreateParity.assertBothRoutesAnswerAlike(api, key);
        assertTrue(sample(api, "fuxi_creates_early") > creates0, "the valve answered the plain route's calls");
        for (int i = 0; i < CLICKS; i++) {
            assertEquals(302, api.follow(code).statusCode());
        }
        assertEquals(CLICKS, sample(api, "fuxi_redirects_early"), "the valve answered the cached link (ADR 26)");
        String watched =
                Api.json(create(api, key, "https://example.com/watched")).getString("code");
        assertEquals(
                KEPT_ALIVE,
                KeptAliveConnection.answered(httpPort, "/" + watched, KEPT_ALIVE, 302),
                "a connection carries more than Payara's 250 requests (FUXI_HTTP_KEEP_ALIVE_REQUESTS, ADR 33)");
        assertEquals(
                0,
                fullCollections(first.payara().pid()),
                "no full collection for class metadata after the start (ADR 48's amendment)");
        first.stop(); // clicks are flushed only every hour here: these go in on the way out
        String stopped = Files.readString(dataDir.resolve("logs/fuxi.log"));
        assertTrue(
                stopped.contains("Clicks flushed before the stop: "),
                "what the application logs while it stops reaches the log file (ADR 57)");
        assertFalse(stopped.contains("Error in formatting"), "no formatting error at the end of the stop");

        AnswersDuringStart duringRestart =
                AnswersDuringStart.watch(URI.create("http://127.0.0.1:" + httpPort + "/" + watched));
        FuxiProcess second = start();
        Map<Integer, Long> answers = duringRestart.stop();
        assertTrue(
                answers.getOrDefault(AnswersDuringStart.REFUSED, 0L) > 0
                        && Set.of(AnswersDuringStart.REFUSED, 302).containsAll(answers.keySet()),
                "while Fuxi starts, its port is closed until it can redirect (not 404, not 500): " + answers);
        assertTrue(second.output.stream().noneMatch(line -> line.contains("First start")), "no second bootstrap key");
        assertEquals(
                latest + " 0",
                schemaLine(second).group(1) + " " + schemaLine(second).group(2),
                "a restart names the version it found, having applied nothing");
        String firstLog = Files.readString(dataDir.resolve("logs/fuxi.log.1"));
        assertTrue(firstLog.contains("the bootstrap admin API key is (a secret"), "the first start's log is kept");
        assertFalse(firstLog.contains(key), "the generated key is on the terminal and in its file, not in the log");
        assertFalse(
                firstLog.contains(
                        Files.readString(dataDir.resolve("admin-password")).trim()),
                "so is the console's first password");
        assertEquals(
                "rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dataDir.resolve("logs"))));
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(dataDir.resolve("logs/fuxi.log.1"))));
        assertFalse(Files.readString(dataDir.resolve("logs/fuxi.log")).contains("First start"), "a new log each start");
        // counted from here: the watch's last requests, for the other link, may have been answered
        long early0 = sample(api, "fuxi_redirects_early");
        long misses0 = sample(api, "fuxi_cache_misses");
        long hits0 = sample(api, "fuxi_cache_hits");
        HttpResponse<String> redirect = api.follow(code); // not cached yet: read from the database, and cached
        assertEquals(302, redirect.statusCode());
        assertEquals(
                "https://example.com/kept",
                redirect.headers().firstValue("Location").orElseThrow());
        assertEquals(early0 + 1, sample(api, "fuxi_redirects_early"), "the valve answered the miss too (ADR 56)");
        HttpResponse<String> early = api.follow(code);
        assertEquals(early0 + 2, sample(api, "fuxi_redirects_early"), "the valve answered the now cached link");
        assertEquals(redirect.statusCode(), early.statusCode());
        assertEquals(
                withoutDate(redirect.headers().map()),
                withoutDate(early.headers().map()));
        assertEquals(redirect.body(), early.body());
        assertEquals(misses0 + 1, sample(api, "fuxi_cache_misses"), "a lookup is counted once, whichever answers");
        assertEquals(hits0 + 1, sample(api, "fuxi_cache_hits"));
        HttpResponse<String> unknown = api.follow("zZ9zZ9");
        assertEquals(404, unknown.statusCode(), unknown.body());
        assertEquals("no-store", unknown.headers().firstValue("Cache-Control").orElse(""));
        assertTrue(unknown.body().contains("<html"), unknown.body());
        assertEquals(early0 + 3, sample(api, "fuxi_redirects_early"), "the valve answered the unknown code");
        HttpResponse<String> read =
                api.send(api.request("api/v1/links/" + code).header("Authorization", "Bearer " + key));
        assertEquals(CLICKS, Api.json(read).getInt("totalClicks"), "a graceful stop loses no click");
        assertPayaraMapsTheClassDataArchive(second);
        assertTheRestartKnowsTheLastDaysUrls(api, key, "https://example.com/kept", code);
        second.stop();
    }

    /**
     * A deployment that cannot start (no database at FUXI_DB_URL) ends the run command as soon as Payara Micro has
     * booted, with the cause in one sentence, not after the start timeout.
     */
    @Test
    void saysWhyFuxiCannotStart() throws Exception {
        int closedPort = FuxiProcess.freePort();
        FuxiProcess run = runToItsEnd("FUXI_DB_URL", "jdbc:mysql://127.0.0.1:" + closedPort + "/fuxi", 1, 150);
        String said = String.join("\n", run.output);
        assertTrue(
                said.contains("[fuxi] Fuxi did not start: Cannot reach the database at jdbc:mysql://127.0.0.1:"
                        + closedPort + "/fuxi: Connection refused (the whole log: "),
                said);
        assertTrue(run.output.size() <= 10, said);
    }

    /** A bootstrap key short enough to be guessed stops the start, saying so. */
    @Test
    void refusesAShortBootstrapKey() throws Exception {
        FuxiProcess run = runToItsEnd("FUXI_BOOTSTRAP_API_KEY", "fuxi_0123456789_0123456789_0123", 1, 150);
        String said = String.join("\n", run.output);
        assertTrue(
                said.contains("[fuxi] Fuxi did not start: fuxi.bootstrap-api-key (FUXI_BOOTSTRAP_API_KEY) must have at"
                        + " least 32 characters"),
                said);
    }

    /**
     * The build leaves the class-data archive for the default JVM options (ADR 30): the archive command, which the
     * build runs, finds it and ends at once instead of starting Fuxi to make it.
     */
    @Test
    void theBuildLeavesTheArchiveForTheDefaultJvmOptions() throws Exception {
        ProcessBuilder builder = launcher();
        builder.command().add("archive");
        builder.environment().remove("FUXI_JAVA_OPTS");
        FuxiProcess run = launch(builder);
        run.assertEndsWith(0, 60);
        assertEquals(1, run.output.size(), String.join("\n", run.output));
        assertTrue(
                run.output.get(0).startsWith("[fuxi] The class-data archive for these JVM options is there: "),
                run.output.get(0));
    }

    /** A setting that is no number ends the run command before it starts anything, naming the variable. */
    @Test
    void saysWhichSettingIsNoNumber() throws Exception {
        FuxiProcess run = runToItsEnd("FUXI_EMBEDDED_DB_BUFFER_POOL_MB", "lots", 2, 30);
        assertEquals(
                List.of("[fuxi] FUXI_EMBEDDED_DB_BUFFER_POOL_MB is \"lots\": it takes a whole number from 16 to"
                        + " 1,048,576."),
                run.output);
    }

    /** A port that another program holds ends the run command at once, with the cause in one sentence. */
    @Test
    void saysWhenItsPortIsInUse() throws Exception {
        try (ServerSocket taken = new ServerSocket(httpPort, 1, InetAddress.getLoopbackAddress())) {
            FuxiProcess run = launch(launcher());
            run.assertEndsWith(1, 30);
            String said = String.join("\n", run.output);
            assertTrue(
                    said.contains("[fuxi] Fuxi did not start: port " + httpPort
                            + " on 127.0.0.1 is in use by another program (FUXI_HTTP_PORT, FUXI_HTTP_ADDRESS)"),
                    said);
            assertTrue(run.output.size() <= 5, said);
        }
    }

    /**
     * A database that is still starting is waited for (FUXI_DB_WAIT_SECONDS), as the run command's embedded MariaDB is
     * when it starts alongside Payara Micro: here the database comes up only once Fuxi has said that it waits.
     */
    @Test
    void waitsForADatabaseThatIsStillStarting() throws Exception {
        int databasePort = FuxiProcess.freePort();
        ProcessBuilder builder = launcher();
        // the database-only run keeps the password an operator wrote before its first start
        Path databaseDir = Path.of(dataDir + "-database");
        Files.createDirectories(databaseDir.resolve("mariadb"));
        Files.writeString(
                databaseDir.resolve("mariadb").resolve(EmbeddedDatabase.PASSWORD_FILE), "chosen-by-the-operator-42\n");
        builder.environment()
                .put("FUXI_DB_URL", "jdbc:mysql://127.0.0.1:" + databasePort + "/fuxi?createDatabaseIfNotExist=true");
        builder.environment().put("FUXI_DB_USER", EmbeddedDatabase.USER);
        builder.environment().put("FUXI_DB_PASSWORD", "chosen-by-the-operator-42");
        builder.environment().put("FUXI_DB_WAIT_SECONDS", "180");
        ProcessBuilder databaseOnly = FuxiProcess.launcher(databaseDir, FuxiProcess.freePort(), "");
        databaseOnly.command().add("database");
        databaseOnly.environment().put("FUXI_EMBEDDED_DB_PORT", Integer.toString(databasePort));
        try (FuxiProcess run = FuxiProcess.start(builder)) {
            run.awaitLine(
                    "[fuxi] Waiting up to 180 s for the database at jdbc:mysql://127.0.0.1:" + databasePort,
                    Duration.ofMinutes(3));
            try (FuxiProcess database = FuxiProcess.start(databaseOnly)) {
                database.awaitLine("Database ready at", Duration.ofMinutes(2));
                run.awaitReady();
                String key =
                        Files.readString(dataDir.resolve("bootstrap-api-key")).trim();
                Api api = new Api(URI.create("http://127.0.0.1:" + httpPort + "/"));
                HttpResponse<String> created = create(api, key, "https://example.com/waited");
                assertEquals(201, created.statusCode(), created.body());
                run.stop();
                database.stop();
            }
        }
    }

    /** A start that does not finish in time is stopped with a clear word. */
    @Test
    void givesUpAfterTheStartTimeout() throws Exception {
        FuxiProcess run = runToItsEnd("FUXI_START_TIMEOUT_SECONDS", "3", 1, 120);
        assertTrue(
                run.output.stream().anyMatch(line -> line.contains("did not become ready within 3 s")),
                String.join("\n", run.output));
    }

    /** The run command with one more variable, ended by itself within {@code seconds} with this exit code. */
    private FuxiProcess runToItsEnd(String variable, String value, int exitCode, long seconds) throws Exception {
        ProcessBuilder builder = launcher();
        builder.environment().put(variable, value);
        FuxiProcess run = launch(builder);
        run.assertEndsWith(exitCode, seconds);
        return run;
    }

    /** At most 30 lines, all the run command's own, before it is ready; Payara Micro's own lines go to the log file. */
    private void assertQuietStart(FuxiProcess run) throws IOException {
        String said = String.join("\n", run.output);
        assertTrue(run.output.size() <= 30, said);
        assertTrue(run.output.stream().allMatch(line -> line.startsWith("[fuxi] ")), said);
        String log = Files.readString(dataDir.resolve("logs/fuxi.log"));
        assertTrue(log.contains("Payara Micro") && log.contains(" ready in "), "Payara Micro's lines are in the log");
        assertTrue(log.contains("mariadb-install-db"), "so are MariaDB's");
    }

    /**
     * The first start of a build lists the classes Payara Micro loads and, once ready, builds a class-data archive
     * from them; its stop waits for it. Every later start, of any data directory, runs Payara Micro on the archive. On
     * JDK 25 and later the archive is an AOT cache (ADR 38, AotCacheIT).
     */
    private static void assertPayaraMapsTheClassDataArchive(FuxiProcess run) throws IOException {
        String maps =
                Files.readString(Path.of("/proc", Long.toString(run.payara().pid()), "maps"));
        String archive = Runtime.version().feature() >= 25 ? "/classes.aot" : "/classes.jsa";
        assertTrue(maps.contains("/payara-runtime/") && maps.contains(archive), "the archive is mapped");
    }

    /** The full collections the JVM has made so far, as the JDK's jstat reads them. */
    private static long fullCollections(long pid) throws IOException, InterruptedException {
        Process jstat = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "jstat").toString(), "-gc", Long.toString(pid))
                .redirectErrorStream(true)
                .start();
        List<String> lines =
                new String(jstat.getInputStream().readAllBytes()).lines().toList();
        assertEquals(0, jstat.waitFor(), "jstat: " + lines);
        List<String> columns = List.of(lines.get(0).trim().split("\\s+"));
        String[] values = lines.get(1).trim().split("\\s+");
        return Long.parseLong(values[columns.indexOf("FGC")]);
    }

    private FuxiProcess start() throws IOException, InterruptedException {
        FuxiProcess run = launch(launcher());
        run.awaitReady();
        return run;
    }

    /** Starts the run command, to be stopped after the test whatever happens. */
    private FuxiProcess launch(ProcessBuilder builder) throws IOException {
        FuxiProcess run = FuxiProcess.start(builder);
        started.add(run);
        return run;
    }

    private ProcessBuilder launcher() {
        // clicks flushed only at the stop; an expiry purge every 5 s (its schedule's tick) instead of every minute
        return FuxiProcess.launcher(
                dataDir, httpPort, "-Dfuxi.clicks.flush-seconds=3600 -Dfuxi.expiry.interval-seconds=5");
    }

    private static HttpResponse<String> create(Api api, String key, String url) {
        return api.send(api.request("api/v1/links")
                .header("Authorization", "Bearer " + key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"url\":\"" + url + "\"}")));
    }

    /**
     * The launcher's valve answers single creates ahead of the web container (ADR 45), each answer as the filter behind
     * it would give it: a new link, the same URL's link again, a problem naming its field, a missing key, a body sent
     * after a 100 Continue. A create with an Idempotency-Key goes on to JAX-RS.
     */
    private static void assertSingleCreatesAnsweredEarly(Api api, String key) {
        long early = sample(api, "fuxi_creates_early");
        HttpResponse<String> made = create(api, key, "https://example.com/early");
        assertEquals(201, made.statusCode(), made.body());
        String code = Api.json(made).getString("code");
        assertTrue(
                made.headers().firstValue("Location").orElseThrow().endsWith("/api/v1/links/" + code),
                made.headers().map().toString());
        HttpResponse<String> again = create(api, key, "https://example.com/early");
        assertEquals(200, again.statusCode(), again.body());
        assertEquals(code, Api.json(again).getString("code"));
        assertEquals(
                "/api/v1/links/" + code,
                again.headers().firstValue("Content-Location").orElseThrow());
        Api.assertProblem(create(api, key, "ftp://example.com/early"), 400, "url");
        Api.assertProblem(
                api.send(api.request("api/v1/links")
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"url\":\"https://example.com/no-key\"}"))),
                401,
                "Authorization");
        String longUrl = "https://example.com/" + "long/".repeat(400);
        HttpResponse<String> continued = api.send(api.request("api/v1/links")
                .expectContinue(true)
                .header("Authorization", "Bearer " + key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"url\":\"" + longUrl + "\"}")));
        assertEquals(201, continued.statusCode(), continued.body());
        assertEquals(longUrl, Api.json(continued).getString("url"));
        assertEquals(early + 5, sample(api, "fuxi_creates_early"), "the valve answered the five creates");
        HttpResponse<String> idempotent = api.send(api.request("api/v1/links")
                .header("Authorization", "Bearer " + key)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", "launcher-" + System.nanoTime())
                .POST(HttpRequest.BodyPublishers.ofString("{\"url\":\"https://example.com/idempotent\"}")));
        assertEquals(201, idempotent.statusCode(), idempotent.body());
        assertEquals(early + 5, sample(api, "fuxi_creates_early"), "JAX-RS answered the create with a key of its own");
    }

    /**
     * A restarted node reads the keys and URL hashes of the last day's links into its same-URL filter at its first
     * create (ADR 41). Once the filter answers creates, a URL made before the restart still gets the link made then:
     * the filter sends it to the database.
     */
    private static void assertTheRestartKnowsTheLastDaysUrls(Api api, String key, String url, String code)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (int made = 0; sample(api, "fuxi_same_url_lookups", "answer=\"filter\"") == 0; made++) {
            assertTrue(System.nanoTime() < deadline, "the same-URL filter did not answer within 30 s of a create");
            HttpResponse<String> other = create(api, key, "https://example.com/after-the-restart/" + made);
            assertEquals(201, other.statusCode(), other.body());
            Thread.sleep(100);
        }
        long asked = sample(api, "fuxi_same_url_lookups", "answer=\"database\"");
        HttpResponse<String> again = create(api, key, url);
        assertEquals(200, again.statusCode(), again.body());
        assertEquals(code, Api.json(again).getString("code"));
        assertEquals(
                asked + 1,
                sample(api, "fuxi_same_url_lookups", "answer=\"database\""),
                "the filter knew the URL from before the restart");
    }

    /** The EJB timers run without Payara's Hazelcast (ADR 23): the expiry purge, due every 5 s here, has run. */
    private static void assertScheduledJobsRun(Api api) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        long seen = 0;
        while (seen < 1 && System.nanoTime() < deadline) {
            seen = sample(api, "fuxi_purge_runs");
            TimeUnit.MILLISECONDS.sleep(500);
        }
        assertTrue(seen >= 1, "the expiry purge never ran in 30 s");
    }

    /** The application metric's value, from the Prometheus scrape. */
    private static long sample(Api api, String name) {
        return sample(api, name, "");
    }

    /** The sample of the metric whose labels contain {@code label} (as {@code answer="filter"}). */
    private static long sample(Api api, String name, String label) {
        HttpResponse<String> scrape = api.send(api.request("metrics?scope=application"));
        assertEquals(200, scrape.statusCode(), scrape.body());
        String labels = label.isEmpty() ? "(?:\\{[^}]*})?" : "\\{[^}]*" + Pattern.quote(label) + "[^}]*}";
        Matcher sample = Pattern.compile("^" + name + labels + " (\\S+)$", Pattern.MULTILINE)
                .matcher(scrape.body());
        assertTrue(sample.find(), "no " + name + " in " + scrape.body());
        return (long) Double.parseDouble(sample.group(1));
    }

    /** A response's headers but its Date, which two answers a second apart need not share. */
    private static Map<String, List<String>> withoutDate(Map<String, List<String>> headers) {
        Map<String, List<String>> kept = new TreeMap<>(headers);
        kept.remove("date");
        return kept;
    }

    /** The port is bound to 127.0.0.1 alone (the database always, HTTP as FUXI_HTTP_ADDRESS says). */
    /**
     * The embedded database lets in only Fuxi's account, with the password in its 0600 file, and no other local user:
     * not root without a password, and no one on the command line of Payara's JVM sees the password. The server
     * reads no file outside a folder of its own.
     */
    private void assertTheDatabaseIsFuxisAlone(FuxiProcess run) throws IOException, SQLException {
        Path passwordFile = dataDir.resolve("mariadb").resolve(EmbeddedDatabase.PASSWORD_FILE);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(passwordFile)));
        assertEquals(
                "rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dataDir.resolve("mariadb"))));
        String password = Files.readString(passwordFile).trim();
        String url = "jdbc:mysql://127.0.0.1:" + databasePort(run) + "/fuxi";
        for (String[] refused : List.of(
                new String[] {"root", ""},
                new String[] {"root", "root"},
                new String[] {EmbeddedDatabase.USER, ""},
                new String[] {EmbeddedDatabase.USER, password + "x"},
                new String[] {"", ""})) {
            SQLException denied = assertThrows(
                    SQLException.class,
                    () -> DriverManager.getConnection(url, refused[0], refused[1])
                            .close(),
                    "user '" + refused[0] + "' with password '" + refused[1] + "'");
            assertTrue(denied.getMessage().contains("Access denied"), denied.getMessage());
        }
        try (Connection fuxi = DriverManager.getConnection(url, EmbeddedDatabase.USER, password);
                ResultSet folder = fuxi.createStatement().executeQuery("SELECT @@secure_file_priv")) {
            assertTrue(folder.next());
            assertEquals(
                    dataDir.resolve("mariadb/files").toRealPath() + "/",
                    Path.of(folder.getString(1)).toRealPath() + "/",
                    "the server's file reads and writes are kept to a folder of its own");
        }
        String payaraCommand = run.payara().info().commandLine().orElse("");
        assertFalse(payaraCommand.contains(password), "the password is on no command line: " + payaraCommand);
        assertFalse(payaraCommand.contains("fuxi.db.password"), payaraCommand);
    }

    private static void assertListensOnLoopbackOnly(int port) {
        assertEquals(List.of("127.0.0.1:" + port), ListeningSockets.onTcpPort(port));
    }

    private static int databasePort(FuxiProcess run) {
        return run.output.stream()
                .map(DB_PORT::matcher)
                .filter(Matcher::find)
                .map(matcher -> Integer.parseInt(matcher.group(1)))
                .findFirst()
                .orElseThrow();
    }

    /** The start's "Schema at version V (N migrations applied)" line: V and N. */
    private static Matcher schemaLine(FuxiProcess run) {
        return run.output.stream()
                .map(SCHEMA_LINE::matcher)
                .filter(Matcher::find)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no schema line in " + run.output));
    }

    /** The highest version among the WAR's SQL migrations (db/migration/V<n>__*.sql). */
    private static String latestMigration() throws IOException {
        try (var files = Files.list(Path.of("src/main/resources/db/migration"))) {
            return Integer.toString(files.map(file -> file.getFileName().toString())
                    .filter(name -> name.matches("V\\d+__.*\\.sql"))
                    .mapToInt(name -> Integer.parseInt(name.substring(1, name.indexOf("__"))))
                    .max()
                    .orElseThrow());
        }
    }
}
