package io.fuxi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On JDK 25 and later the launcher runs Payara Micro on an AOT cache instead of a class-data archive (ADR 38): the
 * archive command, which the build runs, records a first start of Fuxi and makes the cache from that recording once
 * Payara has exited; every later start maps it. The launcher runs here on a JDK of 25 or later, whichever JDK runs the
 * tests: {@code fuxi.it.aotJdk} or the newest under /usr/lib/jvm. Without one the test fails, saying so.
 */
@Tag("process")
class AotCacheIT {

    private static final Pattern RELEASE_VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)");

    private final Path dir = Path.of(System.getProperty("fuxi.it.dir"), "aot-" + System.nanoTime());
    private final List<FuxiProcess> started = new ArrayList<>();

    @AfterEach
    void stopWhatIsLeft() {
        started.forEach(FuxiProcess::close);
    }

    @Test
    void theArchiveCommandMakesAnAotCacheThatEveryLaterStartRunsOn() throws Exception {
        String java = jdkOf25OrLater().resolve("bin/java").toString();
        Files.createDirectories(dir); // the launcher's java.io.tmpdir

        ProcessBuilder archive = FuxiProcess.launcher(dir.resolve("unused"), FuxiProcess.freePort(), "");
        archive.command().set(0, java);
        archive.command().add("archive");
        FuxiProcess archiveRun = launch(archive);
        archiveRun.assertEndsWith(0, 420); // a first start, its stop, then the cache, with room for a slow machine
        String said = String.join("\n", archiveRun.output);
        // made now (a clean build, as in CI), or by an earlier run of the tests on this JDK (LauncherIT's first start)
        assertTrue(
                said.contains("Finishing the class-data archive")
                        || said.contains("[fuxi] The class-data archive for these JVM options is there: "),
                said);
        assertTrue(
                said.contains("/classes.aot") || !said.contains("is there"), "an AOT cache, not an archive: " + said);

        int httpPort = FuxiProcess.freePort();
        ProcessBuilder start = FuxiProcess.launcher(dir.resolve("data"), httpPort, "");
        start.command().set(0, java);
        FuxiProcess run = launch(start);
        run.awaitReady();
        String maps =
                Files.readString(Path.of("/proc", Long.toString(run.payara().pid()), "maps"));
        assertTrue(maps.contains("/payara-runtime/") && maps.contains("/classes.aot"), "the AOT cache is mapped");
        String log = Files.readString(dir.resolve("data/logs/fuxi.log"));
        assertTrue(!log.contains("[aot]") && !log.contains("AOTCache"), "the JVM had nothing to say about the cache");

        Api api = new Api(URI.create("http://127.0.0.1:" + httpPort + "/"));
        String key = Files.readString(dir.resolve("data/bootstrap-api-key")).trim();
        HttpResponse<String> created = api.send(api.request("api/v1/links")
                .header("Authorization", "Bearer " + key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"url\":\"https://example.com/on-jdk-25\"}")));
        assertEquals(201, created.statusCode(), created.body());
        HttpResponse<String> redirect = api.follow(Api.json(created).getString("code"));
        assertEquals(302, redirect.statusCode());
        assertEquals(
                Optional.of("https://example.com/on-jdk-25"), redirect.headers().firstValue("Location"));
        run.stop();
    }

    /** The JDK of 25 or later to run the launcher on, or a failure that says how to provide one. */
    private static Path jdkOf25OrLater() throws IOException {
        String given = System.getProperty("fuxi.it.aotJdk", "");
        if (!given.isBlank()) {
            Path jdk = Path.of(given);
            assertTrue(featureOf(jdk) >= 25, "fuxi.it.aotJdk=" + given + " is not a JDK of 25 or later");
            return jdk;
        }
        Path jvms = Path.of("/usr/lib/jvm");
        Optional<Path> newest = Optional.empty();
        if (Files.isDirectory(jvms)) {
            try (Stream<Path> jdks = Files.list(jvms)) {
                newest = jdks.filter(jdk -> featureOf(jdk) >= 25).max(Comparator.comparingInt(AotCacheIT::featureOf));
            }
        }
        return newest.orElseThrow(() -> new AssertionError("This test runs the launcher on a JDK of 25 or later, to"
                + " check the AOT cache it makes there (ADR 38), and found none under /usr/lib/jvm: install one there"
                + " or name it with -Dfuxi.it.aotJdk=<its home>"));
    }

    /** The feature release a JDK's release file names, or 0 if it is no JDK with a java. */
    private static int featureOf(Path jdk) {
        try {
            if (!Files.isExecutable(jdk.resolve("bin/java"))) {
                return 0;
            }
            Matcher version = RELEASE_VERSION.matcher(Files.readString(jdk.resolve("release")));
            return version.find() ? Integer.parseInt(version.group(1)) : 0;
        } catch (IOException | RuntimeException noJdk) {
            return 0;
        }
    }

    private FuxiProcess launch(ProcessBuilder builder) throws IOException {
        FuxiProcess run = FuxiProcess.start(builder);
        started.add(run);
        return run;
    }
}
