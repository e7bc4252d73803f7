package io.fuxi.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * Payara Micro (unpacked by the build, ADR 27) prepared once per build, JDK, set of JVM options other than system
 * properties and set of Fuxi's libraries (its root-directory launcher, launch-micro.jar, with the runtime jars merged
 * into one beside it, ADR 50, and the WAR's libraries in fuxi-lib, ADR 22), and a class-data sharing archive of the
 * classes it loads while Fuxi starts (ADR 20). Payara runs as launch-fuxi.jar, whose manifest is launch-micro.jar's
 * with the libraries added to its class path. Each start gets a fresh root directory of its own under the data
 * directory, like the temporary one Payara Micro would make, whose jars are hard links to the unpacked ones, and the
 * WAR without its libraries: the archive names its class path relative to the root directory, so one archive serves
 * every data directory. A start without an archive lists the classes it loads; once it is ready, {@link
 * #archiveInBackground} builds the archive from that list in a process of its own. On JDK 25 and later the archive is
 * an AOT cache instead (ADR 38): a start without one records what it loads, links and profiles, which the JVM writes
 * when it exits, and {@link #archiveAfterExit} builds the cache from that.
 */
final class PayaraRuntime {

    /** The jar Payara Micro runs as: launch-micro.jar's manifest with Fuxi's libraries on the class path. */
    static final String LAUNCHER_JAR = "launch-fuxi.jar";

    private static final String PAYARA_LAUNCHER_JAR = "launch-micro.jar";

    /** Where the build unpacks Payara Micro (its --outputlauncher), beside the launcher (ADR 27). */
    private static final String PAYARA_ROOT = "payara-root";
    /** Not Payara's own lib, whose jars its common class loader would open a second time. */
    static final String LIBRARIES = "fuxi-lib";

    private static final String APPLICATION = "fuxi.war";
    /** Where the runtimes are made, one a key, beside the launcher; and the deployed WAR, one for all of them. */
    private static final String RUNTIMES = "payara-runtime";

    /**
     * Log levels added to the runtime's logging.properties. Payara checks the dates of its own trust store's CA
     * certificates at each start and wrote a warning of some 60 lines, the whole certificate, for each of the three
     * that have expired (TC TrustCenter's). Fuxi serves plain HTTP (TLS ends at the proxy in front of it) and makes no
     * TLS connection through that trust store, so only that logger's errors are kept.
     */
    static final List<String> LOG_LEVELS = List.of("javax.enterprise.system.security.ssl.level=SEVERE");

    /**
     * Payara Micro's modules for what Fuxi does not use, left out of its runtime (ADR 29): each adds a CDI extension
     * that Weld runs over every class at each start, a Jersey feature or listener, or an interceptor. Their APIs stay,
     * for the modules that name them. (Fault Tolerance, JWT and REST Client stay too: without them /metrics is gone.)
     */
    static final List<String> UNUSED_MODULES = List.of(
            // Jakarta MVC
            "krazo-core.jar",
            "krazo-jersey.jar",
            "jersey-mvc.jar",
            "jersey-mvc-jsp.jar",
            "jersey-mvc-connector.jar",
            // MicroProfile Telemetry and OpenTracing: a listener asked on every JAX-RS request whether to trace
            "microprofile-telemetry.jar",
            "microprofile-opentracing.jar",
            "ejb-opentracing.jar");

    /** Whether this JDK makes and uses an AOT cache (JEPs 483, 514 and 515) rather than a class-data archive. */
    static final boolean AHEAD_OF_TIME = Runtime.version().feature() >= 25;

    /**
     * JDK 25's recording without the method profiles (JEP 515): a cache that held those of a long first start made C1
     * crash (SIGSEGV in ciReceiverTypeData::translate_receiver_data_from) once the next start compiled Payara's
     * WebComponentInvocation, in all three runs (two recordings); without them it did not (ADR 38).
     */
    static final List<String> AOT_RECORDING = List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:-AOTRecordTraining");

    private final Path unpacked;
    private final Path archive;
    private final Path root;
    /** What a start without an archive records: the classes it loads, or its AOT configuration (JDK 25). */
    private final Path recording;
    /** The JVM options without system properties (-D), which an archive does not depend on. */
    private final List<String> jvmOptions;

    private final boolean sharing;
    private final boolean aheadOfTime;
    private final boolean archived;
    private final Consumer<String> log;
    private volatile Thread builder;
    private volatile Process dump;

    private PayaraRuntime(
            Path unpacked,
            Path root,
            List<String> jvmOptions,
            boolean sharing,
            boolean aheadOfTime,
            Consumer<String> log) {
        this.unpacked = unpacked;
        this.archive = archiveOf(unpacked, aheadOfTime);
        this.root = root;
        this.recording = root.resolve(aheadOfTime ? "recorded.aotconf" : "loaded-classes.lst");
        this.jvmOptions = jvmOptions;
        this.sharing = sharing;
        this.aheadOfTime = aheadOfTime;
        this.archived = sharing && Files.isRegularFile(archive);
        this.log = log;
    }

    private static Path archiveOf(Path unpacked, boolean aheadOfTime) {
        return unpacked.resolveSibling(aheadOfTime ? "classes.aot" : "classes.jsa");
    }

    /**
     * Makes {@code home/payara-runtime/<key>} of the Payara Micro root the build unpacked and fuxi.war's libraries if
     * that was not done yet, and makes this start's root directory, {@code dataDir/payara}, afresh.
     */
    static PayaraRuntime prepare(
            Path home, Path dataDir, List<String> javaOptions, boolean sharing, Consumer<String> log)
            throws IOException {
        return prepare(home, dataDir, javaOptions, sharing, AHEAD_OF_TIME, log);
    }

    static PayaraRuntime prepare(
            Path home,
            Path dataDir,
            List<String> javaOptions,
            boolean sharing,
            boolean aheadOfTime,
            Consumer<String> log)
            throws IOException {
        WarLibraries war = new WarLibraries(home.resolve(APPLICATION));
        List<String> jvmOptions = jvmOptions(javaOptions);
        Path unpacked = unpackedFor(home, war, jvmOptions);
        if (!Files.isRegularFile(unpacked.resolve(LAUNCHER_JAR))) {
            unpack(home, war, unpacked, log);
        }
        Path root = dataDir.resolve("payara");
        deleteTree(root);
        linkOrCopyTree(unpacked, root);
        linkOrCopy(war.application(home.resolve(RUNTIMES)), root.resolve(APPLICATION));
        return new PayaraRuntime(unpacked, root, jvmOptions, sharing, aheadOfTime, log);
    }

    /** The archive of the runtime for these Java options, if a start or the build's archive run has made it. */
    static Optional<Path> existingArchive(Path home, List<String> javaOptions) throws IOException {
        Path archive = archiveOf(
                unpackedFor(home, new WarLibraries(home.resolve(APPLICATION)), jvmOptions(javaOptions)), AHEAD_OF_TIME);
        return Files.isRegularFile(archive) ? Optional.of(archive) : Optional.empty();
    }

    /** Where the runtime of this key is (or is to be) unpacked: {@code home/payara-runtime/<key>/root}. */
    private static Path unpackedFor(Path home, WarLibraries war, List<String> jvmOptions) throws IOException {
        return home.resolve(RUNTIMES)
                .resolve(key(
                        home.resolve("payara-micro.jar"),
                        jvmOptions,
                        war.describe(),
                        EarlyAnswerValveJar.describe(home)))
                .resolve("root");
    }

    /** The directory Payara Micro runs in: its root directory, where the relative class path resolves. */
    Path directory() {
        return root;
    }

    /** Whether the early-answer valve (ADRs 26 and 45) was compiled for this runtime, to be named on the virtual server. */
    boolean hasEarlyAnswerValve() {
        return Files.isRegularFile(root.resolve(LIBRARIES).resolve(EarlyAnswerValveJar.JAR));
    }

    /** What Payara Micro deploys: fuxi.war without the libraries, which are on its class path. */
    Path application() {
        return root.resolve(APPLICATION);
    }

    /** The JVM options for Payara Micro: the archive if there is one, otherwise the recording of what it loads. */
    List<String> classDataOptions() {
        if (!sharing) {
            return List.of();
        } else if (aheadOfTime) {
            return archived
                    ? List.of("-XX:AOTCache=" + archive)
                    : Stream.concat(
                                    Stream.of("-XX:AOTMode=record", "-XX:AOTConfiguration=" + recording),
                                    AOT_RECORDING.stream())
                            .toList();
        }
        return archived
                ? List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto")
                : List.of("-XX:DumpLoadedClassList=" + recording);
    }

    /** The archive in use, if any (for the log). */
    Optional<Path> archiveInUse() {
        return archived ? Optional.of(archive) : Optional.empty();
    }

    /**
     * Once Fuxi is ready on a start without an archive: builds one from the classes loaded so far, in a process of
     * its own (on one core, ADR 20), unless another launcher of this build is building it already.
     */
    void archiveInBackground() {
        if (sharing && !archived && !aheadOfTime) {
            startBuilding();
        }
    }

    /**
     * Once Payara Micro has exited after a start without an AOT cache (JDK 25): builds the cache from the configuration
     * the JVM wrote at its exit (none if it was killed), in a process of its own, unless another launcher is at it.
     */
    void archiveAfterExit() {
        if (sharing && !archived && aheadOfTime && Files.isRegularFile(recording)) {
            startBuilding();
        }
    }

    private void startBuilding() {
        Thread thread = new Thread(this::buildArchive, "class-data-archive");
        thread.setDaemon(true);
        builder = thread;
        thread.start();
    }

    /** Whether the archive is there now: built by this launcher, or by another one since this start. */
    boolean archiveWritten() {
        return Files.isRegularFile(archive);
    }

    /** Whether an archive is being built by this launcher now. */
    boolean archiving() {
        Thread thread = builder;
        return thread != null && thread.isAlive();
    }

    /** At stop: waits for an archive that is being built, up to the timeout, then gives it up. */
    void finishArchive(Duration timeout) throws InterruptedException {
        Thread thread = builder;
        if (thread == null) {
            return;
        }
        thread.join(timeout.toMillis());
        Process running = dump;
        if (thread.isAlive() && running != null) {
            running.destroyForcibly().waitFor();
            thread.join();
        }
    }

    private void buildArchive() {
        Path lockFile = archive.resolveSibling("archive.lock");
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = channel.tryLock()) {
            if (lock == null || Files.isRegularFile(archive)) {
                return; // another launcher builds it, or has just built it
            }
            Path partial = archive.resolveSibling(archive.getFileName() + ".partial");
            long started = System.nanoTime();
            List<String> command = new ArrayList<>();
            command.add(javaExecutable());
            command.addAll(jvmOptions);
            command.addAll(aheadOfTime ? aotCacheOptions(partial) : classListArchiveOptions(partial));
            command.addAll(List.of("-jar", LAUNCHER_JAR));
            Path output = archive.resolveSibling("archive.log");
            dump = new ProcessBuilder(command)
                    .directory(unpacked.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
            int exit = dump.waitFor();
            if (exit == 0 && Files.isRegularFile(partial)) {
                Files.move(partial, archive, StandardCopyOption.ATOMIC_MOVE);
                log.accept(String.format(
                        "[fuxi] Class-data archive written in %.1f s: %s",
                        (System.nanoTime() - started) / 1e9, archive));
            } else {
                log.accept("[fuxi] The class-data archive was not written (exit " + exit + "); see " + output);
            }
            if (aheadOfTime) {
                Files.deleteIfExists(recording); // a large file (ADR 38), used or not
            }
        } catch (IOException e) {
            log.accept("[fuxi] The class-data archive was not written: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private List<String> classListArchiveOptions(Path partial) throws IOException {
        Path list = archive.resolveSibling("classes.lst");
        Files.write(list, archivableLines(recording));
        return List.of("-Xshare:dump", "-XX:SharedClassListFile=" + list, "-XX:SharedArchiveFile=" + partial);
    }

    private List<String> aotCacheOptions(Path partial) {
        return List.of("-XX:AOTMode=create", "-XX:AOTConfiguration=" + recording, "-XX:AOTCache=" + partial);
    }

    static List<String> jvmOptions(List<String> javaOptions) {
        return javaOptions.stream().filter(option -> !option.startsWith("-D")).toList();
    }

    /**
     * The lines of the class list the JVM is still writing, without a last line it has not finished, and without the
     * classes of Payara's own class loaders (the web application's, the resource adapters'), which newer JDKs list
     * with their file ({@code source: /<data dir>/payara/applications/...}): this data directory's files, which an
     * archive for every data directory cannot name, and on JDK 25 a list the dump refuses ("class list format error").
     */
    static List<String> archivableLines(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        return Stream.of(text.substring(0, text.lastIndexOf('\n') + 1).split("\n"))
                .filter(line -> !line.contains(" source: "))
                .toList();
    }

    /**
     * Names what an archive depends on besides the jars themselves (whose sizes and times the JVM checks): the JDK,
     * Payara Micro's jar, the JVM options other than system properties, the modules left out, the log levels added, how
     * the runtime jars are merged (ADR 50), the libraries on the class path and the early-answer valve among them
     * (ADRs 26 and 45).
     */
    static String key(Path payaraJar, List<String> jvmOptions, String libraries, String valve) throws IOException {
        String described = String.join(
                "\n",
                System.getProperty("java.home"),
                System.getProperty("java.vm.version"),
                Long.toString(Files.size(payaraJar)),
                Files.getLastModifiedTime(payaraJar).toString(),
                String.join(" ", jvmOptions),
                String.join(" ", AOT_RECORDING),
                String.join(" ", UNUSED_MODULES),
                String.join(" ", LOG_LEVELS),
                MergedRuntimeJar.PATH,
                String.join(" ", MergedRuntimeJar.CONCATENATED),
                LIBRARIES,
                libraries,
                valve);
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(described.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The runtime of this key: a copy of the Payara Micro root the build unpacked (its jars hard links, ADR 27) with
     * the WAR's libraries and the valve beside it, made in a directory of its own, then moved in place.
     */
    private static void unpack(Path home, WarLibraries war, Path unpacked, Consumer<String> log) throws IOException {
        Path payaraRoot = home.resolve(PAYARA_ROOT);
        if (!Files.isRegularFile(payaraRoot.resolve(PAYARA_LAUNCHER_JAR))) {
            throw new IOException("Payara Micro is not unpacked in " + payaraRoot + " (mvn package unpacks it there)");
        }
        Files.createDirectories(unpacked.getParent());
        Path partial = Files.createTempDirectory(unpacked.getParent(), "unpacking-");
        linkOrCopyTree(payaraRoot, partial);
        String merged = mergeRuntimeJars(partial);
        addLogLevels(partial);
        List<String> libraries = new ArrayList<>(war.extract(partial.resolve(LIBRARIES)));
        if (EarlyAnswerValveJar.copy(home, partial, log)) {
            libraries.add(EarlyAnswerValveJar.JAR);
        }
        writeLauncher(partial, libraries);
        if (moveIntoPlace(partial, unpacked)) {
            log.accept("[fuxi] Payara Micro prepared in " + unpacked + " (" + merged + ")");
        }
    }

    /**
     * Renames a runtime made in full into its place; returns false, and removes it, when another launcher of this
     * build was faster (Linux's rename answers ENOTEMPTY, which the JDK reports as a plain FileSystemException).
     */
    static boolean moveIntoPlace(Path partial, Path unpacked) throws IOException {
        try {
            Files.move(partial, unpacked, StandardCopyOption.ATOMIC_MOVE);
            return true;
        } catch (IOException e) {
            if (!Files.isDirectory(unpacked)) { // only ever made by this rename: there, it is whole
                throw e;
            }
            deleteTree(partial);
            return false;
        }
    }

    /**
     * Leaves {@link #UNUSED_MODULES} out of the runtime and merges the other jars that launch-micro.jar's manifest
     * names into {@link MergedRuntimeJar#PATH} (ADR 50), which becomes its only class-path entry (in a new copy of its
     * few classes, not a link; Payara's JSF integration opens every entry of the class path, so a jar that is gone
     * must not be named). The merged jars are removed from the runtime: nothing else opens them. Returns what was done,
     * for the log.
     */
    static String mergeRuntimeJars(Path root) throws IOException {
        Path launcher = root.resolve(PAYARA_LAUNCHER_JAR);
        List<String> classPath;
        try (JarFile payaras = new JarFile(launcher.toFile())) {
            classPath = List.of(payaras.getManifest()
                    .getMainAttributes()
                    .getValue(Attributes.Name.CLASS_PATH)
                    .trim()
                    .split("\\s+"));
        }
        List<Path> merged = classPath.stream()
                .filter(entry ->
                        !UNUSED_MODULES.contains(Path.of(entry).getFileName().toString()))
                .map(root::resolve)
                .toList();
        long started = System.nanoTime();
        MergedRuntimeJar.Summary summary = MergedRuntimeJar.write(merged, root.resolve(MergedRuntimeJar.PATH));
        String done = String.format(
                "%d runtime jars merged into one in %.1f s: %d entries, %d shadowed copies left out",
                merged.size(), (System.nanoTime() - started) / 1e9, summary.entries(), summary.shadowed());
        replaceClassPath(launcher, MergedRuntimeJar.PATH);
        for (String entry : classPath) {
            Files.deleteIfExists(root.resolve(entry));
        }
        return done;
    }

    /** Rewrites a jar (a new file, not the linked one) with {@code classPath} as its manifest's class path. */
    private static void replaceClassPath(Path jar, String classPath) throws IOException {
        Path rewritten = jar.resolveSibling(jar.getFileName() + ".partial");
        try (JarFile original = new JarFile(jar.toFile())) {
            Manifest manifest = new Manifest(original.getManifest());
            manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(rewritten), manifest)) {
                for (JarEntry entry : Collections.list(original.entries())) {
                    if (entry.getName().equals(JarFile.MANIFEST_NAME)) {
                        continue;
                    }
                    out.putNextEntry(new JarEntry(entry.getName()));
                    try (InputStream in = original.getInputStream(entry)) {
                        in.transferTo(out);
                    }
                    out.closeEntry();
                }
            }
        }
        Files.move(rewritten, jar, StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Writes launch-fuxi.jar: launch-micro.jar's manifest (its main class, the modules it opens) whose class path is
     * launch-micro.jar, which names the runtime jars in turn, and then the libraries.
     */
    static void writeLauncher(Path root, List<String> libraries) throws IOException {
        Manifest manifest;
        try (JarFile payaraLauncher =
                new JarFile(root.resolve(PAYARA_LAUNCHER_JAR).toFile())) {
            manifest = new Manifest(payaraLauncher.getManifest());
        }
        StringBuilder classPath = new StringBuilder(PAYARA_LAUNCHER_JAR);
        libraries.forEach(
                library -> classPath.append(' ').append(LIBRARIES).append('/').append(library));
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath.toString());
        try (OutputStream out = Files.newOutputStream(root.resolve(LAUNCHER_JAR));
                JarOutputStream jar = new JarOutputStream(out, manifest)) {
            jar.flush();
        }
    }

    /** Appends {@link #LOG_LEVELS} to the runtime's logging.properties (a copy, not a link: Payara may rewrite it). */
    static void addLogLevels(Path root) throws IOException {
        Path properties = root.resolve("config/logging.properties");
        List<String> lines = new ArrayList<>(Files.readAllLines(properties, StandardCharsets.ISO_8859_1));
        lines.add("# Fuxi's (its launcher's PayaraRuntime.LOG_LEVELS)");
        lines.addAll(LOG_LEVELS);
        Files.write(properties, lines, StandardCharsets.ISO_8859_1);
    }

    /**
     * A copy of the unpacked tree in which the runtime's jars are hard links (the same files, so the archive's
     * checks of size and time hold, and no space is used); everything else, which Payara may change, is copied.
     */
    private static void linkOrCopyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : (Iterable<Path>) paths::iterator) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else if (isRuntimeJar(from.relativize(source))) {
                    linkOrCopy(source, target);
                } else {
                    Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private static boolean isRuntimeJar(Path relative) {
        return relative.toString().equals(LAUNCHER_JAR)
                || relative.toString().equals(PAYARA_LAUNCHER_JAR)
                || relative.startsWith("runtime")
                || relative.startsWith(LIBRARIES);
    }

    private static void linkOrCopy(Path source, Path target) throws IOException {
        try {
            Files.createLink(target, source);
        } catch (IOException | UnsupportedOperationException otherFileSystem) {
            Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(path);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
