package io.fuxi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A start's root directory made from an unpacked runtime (here a small stand-in for Payara Micro's). */
class PayaraRuntimeTest {

    private static final List<String> OPTIONS = List.of("-Xmx64m");

    private static final String LAUNCHER_CLASS = "fish/payara/micro/impl/RootDirLauncher.class";

    @TempDir
    Path home;

    @TempDir
    Path data;

    private Path unpacked;

    @BeforeEach
    void unpackedRuntime() throws IOException {
        Files.writeString(home.resolve("payara-micro.jar"), "a stand-in: never unpacked in this test");
        WarLibrariesTest.war(home.resolve("fuxi.war"), "hibernate", "primefaces");
        unpacked = home.resolve("payara-runtime").resolve(key(OPTIONS)).resolve("root");
        Files.createDirectories(unpacked.resolve("runtime"));
        Files.createDirectories(unpacked.resolve(PayaraRuntime.LIBRARIES));
        Files.createDirectories(unpacked.resolve("config"));
        Files.writeString(unpacked.resolve(PayaraRuntime.LAUNCHER_JAR), "launcher");
        Files.writeString(unpacked.resolve("runtime/kernel.jar"), "kernel");
        Files.writeString(unpacked.resolve(PayaraRuntime.LIBRARIES + "/hibernate.jar"), "hibernate");
        Files.writeString(unpacked.resolve("config/domain.xml"), "<domain/>");
    }

    @Test
    void aStartGetsAFreshRootWhoseJarsAreTheUnpackedFilesAndWhoseConfigurationIsItsOwn() throws Exception {
        Files.createDirectories(data.resolve("payara/applications/fuxi")); // what a previous run deployed

        Path root = prepare(true).directory();

        assertEquals(data.resolve("payara"), root);
        assertTrue(Files.isSameFile(unpacked.resolve("runtime/kernel.jar"), root.resolve("runtime/kernel.jar")));
        assertTrue(Files.isSameFile(
                unpacked.resolve(PayaraRuntime.LIBRARIES + "/hibernate.jar"),
                root.resolve(PayaraRuntime.LIBRARIES + "/hibernate.jar")));
        assertTrue(Files.isSameFile(
                unpacked.resolve(PayaraRuntime.LAUNCHER_JAR), root.resolve(PayaraRuntime.LAUNCHER_JAR)));
        Files.writeString(root.resolve("config/domain.xml"), "<domain>changed by Payara</domain>");
        assertEquals("<domain/>", Files.readString(unpacked.resolve("config/domain.xml")), "a copy, not a link");
        assertFalse(Files.exists(root.resolve("applications")), "nothing of the previous run is left");
    }

    /** Two launchers that make the same key's runtime at once: the slower one's copy goes, the faster one's stays. */
    @Test
    void aRuntimeMadeWhileAnotherLauncherMadeTheSameIsDroppedForTheOther() throws Exception {
        Path partial = Files.createDirectories(home.resolve("unpacking-1"));
        Files.writeString(partial.resolve("kernel.jar"), "the slower copy");

        assertFalse(PayaraRuntime.moveIntoPlace(partial, unpacked));

        assertFalse(Files.exists(partial), "the slower copy is removed");
        assertEquals("kernel", Files.readString(unpacked.resolve("runtime/kernel.jar")), "the faster one is kept");
        Path alone = Files.createDirectories(home.resolve("unpacking-2"));
        Path free = Files.createDirectories(home.resolve("payara-runtime/another-key"))
                .resolve("root");
        assertTrue(PayaraRuntime.moveIntoPlace(alone, free));
        assertTrue(Files.isDirectory(free));
    }

    @Test
    void aNewKeysRuntimeIsMadeOfThePayaraRootTheBuildUnpackedTheLibrariesAndTheValve() throws Exception {
        Path payaraRoot = home.resolve("payara-root");
        Files.createDirectories(payaraRoot.resolve("runtime"));
        MergedRuntimeJarTest.jar(payaraRoot.resolve("runtime/kernel.jar"), Map.of("kernel/Kernel.class", "kernel"));
        launchMicro(payaraRoot);
        Files.writeString(home.resolve(EarlyAnswerValveJar.JAR), "a valve");

        Path root = prepare(true).directory();

        Path made = home.resolve("payara-runtime").resolve(key(OPTIONS)).resolve("root");
        assertTrue(Files.isSameFile(made.resolve(MergedRuntimeJar.PATH), root.resolve(MergedRuntimeJar.PATH)));
        assertFalse(Files.exists(made.resolve("runtime/kernel.jar")), "merged into the one jar");
        assertTrue(Files.isRegularFile(payaraRoot.resolve("runtime/kernel.jar")), "the build's unpacked root is kept");
        assertEquals(
                "a valve", Files.readString(made.resolve(PayaraRuntime.LIBRARIES + "/" + EarlyAnswerValveJar.JAR)));
        try (JarFile launcher =
                new JarFile(made.resolve(PayaraRuntime.LAUNCHER_JAR).toFile())) {
            assertEquals(
                    "launch-micro.jar fuxi-lib/hibernate.jar fuxi-lib/primefaces.jar fuxi-lib/"
                            + EarlyAnswerValveJar.JAR,
                    launcher.getManifest().getMainAttributes().getValue(Attributes.Name.CLASS_PATH));
        }
        assertEquals(
                List.of(
                        ".level=INFO",
                        "# Fuxi's (its launcher's PayaraRuntime.LOG_LEVELS)",
                        "javax.enterprise.system.security.ssl.level=SEVERE"),
                Files.readAllLines(root.resolve("config/logging.properties")),
                "the expired certificates of Payara's trust store are not dumped into the log at each start");
        assertEquals(".level=INFO\n", Files.readString(payaraRoot.resolve("config/logging.properties")));
    }

    @Test
    void theRuntimeIsOneJarOfPayarasJarsWithoutTheModulesFuxiDoesNotUse() throws Exception {
        Path payaraRoot = home.resolve("payara-root");
        Files.createDirectories(payaraRoot.resolve("runtime"));
        MergedRuntimeJarTest.jar(payaraRoot.resolve("runtime/kernel.jar"), Map.of("kernel/Kernel.class", "kernel"));
        MergedRuntimeJarTest.jar(payaraRoot.resolve("runtime/krazo-core.jar"), Map.of("krazo/Mvc.class", "MVC"));
        MergedRuntimeJarTest.jar(
                payaraRoot.resolve("runtime/microprofile-telemetry.jar"), Map.of("telemetry/Tracer.class", "tracer"));
        launchMicro(payaraRoot, "runtime/kernel.jar runtime/krazo-core.jar runtime/microprofile-telemetry.jar");
        Files.writeString(home.resolve(EarlyAnswerValveJar.JAR), "a valve");

        Path root = prepare(true).directory();

        try (Stream<Path> runtime = Files.list(root.resolve("runtime"))) {
            assertEquals(List.of(root.resolve(MergedRuntimeJar.PATH)), runtime.toList());
        }
        try (JarFile merged = new JarFile(root.resolve(MergedRuntimeJar.PATH).toFile())) {
            assertTrue(merged.getEntry("kernel/Kernel.class") != null);
            assertNull(merged.getEntry("krazo/Mvc.class"));
            assertNull(merged.getEntry("telemetry/Tracer.class"));
        }
        try (JarFile payaras = new JarFile(root.resolve("launch-micro.jar").toFile())) {
            Attributes attributes = payaras.getManifest().getMainAttributes();
            assertEquals(MergedRuntimeJar.PATH, attributes.getValue(Attributes.Name.CLASS_PATH));
            assertEquals("fish.payara.micro.impl.RootDirLauncher", attributes.getValue(Attributes.Name.MAIN_CLASS));
            assertEquals("java.base/java.lang java.base/java.net", attributes.getValue("Add-Opens"));
            assertEquals(
                    "RootDirLauncher",
                    new String(
                            payaras.getInputStream(payaras.getEntry(LAUNCHER_CLASS))
                                    .readAllBytes(),
                            StandardCharsets.UTF_8));
        }
        assertTrue(Files.exists(payaraRoot.resolve("runtime/krazo-core.jar")), "the build's unpacked root is kept");
    }

    @Test
    void withoutThePayaraRootTheBuildUnpacksAStartSaysSo() throws IOException {
        Files.writeString(
                home.resolve(EarlyAnswerValveJar.JAR), "a valve"); // another key, whose runtime is not made yet

        IOException refused = assertThrows(IOException.class, () -> prepare(true));

        assertEquals(
                "Payara Micro is not unpacked in " + home.resolve("payara-root") + " (mvn package unpacks it there)",
                refused.getMessage());
    }

    @Test
    void aStartDeploysTheWarWithoutItsLibraries() throws Exception {
        PayaraRuntime runtime = prepare(true);

        assertEquals(data.resolve("payara/fuxi.war"), runtime.application());
        assertEquals(
                List.of("WEB-INF/classes/io/fuxi/Fuxi.class", "index.html"),
                WarLibrariesTest.entries(runtime.application()));
    }

    @Test
    void payaraRunsWithItsOwnManifestAndTheLibrariesOnItsClassPath() throws IOException {
        launchMicro(data);

        PayaraRuntime.writeLauncher(data, List.of("hibernate.jar", "primefaces.jar"));

        try (JarFile written =
                new JarFile(data.resolve(PayaraRuntime.LAUNCHER_JAR).toFile())) {
            Attributes attributes = written.getManifest().getMainAttributes();
            assertEquals("fish.payara.micro.impl.RootDirLauncher", attributes.getValue(Attributes.Name.MAIN_CLASS));
            assertEquals("java.base/java.lang java.base/java.net", attributes.getValue("Add-Opens"));
            assertEquals(
                    "launch-micro.jar fuxi-lib/hibernate.jar fuxi-lib/primefaces.jar",
                    attributes.getValue(Attributes.Name.CLASS_PATH));
        }
    }

    @Test
    void withoutAnArchivePayaraListsTheClassesItLoadsAndWithOneItRunsOnIt() throws Exception {
        PayaraRuntime first = prepare(true);
        assertEquals(
                List.of("-XX:DumpLoadedClassList=" + data.resolve("payara/loaded-classes.lst")),
                first.classDataOptions());

        Path archive = unpacked.resolveSibling("classes.jsa");
        Files.writeString(archive, "an archive");
        PayaraRuntime next = prepare(true);
        assertEquals(List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto"), next.classDataOptions());
        assertEquals(archive, next.archiveInUse().orElseThrow());

        assertEquals(List.of(), prepare(false).classDataOptions(), "FUXI_CLASS_DATA_SHARING=false");
    }

    @Test
    void onJdk25WithoutAnAotCachePayaraRecordsWhatItDoesAndWithOneItRunsOnIt() throws Exception {
        PayaraRuntime first = prepareAheadOfTime();
        assertEquals(
                List.of(
                        "-XX:AOTMode=record",
                        "-XX:AOTConfiguration=" + data.resolve("payara/recorded.aotconf"),
                        "-XX:+UnlockDiagnosticVMOptions",
                        "-XX:-AOTRecordTraining"),
                first.classDataOptions());
        first.archiveInBackground();
        assertFalse(first.archiving(), "the configuration is written when the JVM exits, not at ready");
        first.archiveAfterExit();
        assertFalse(first.archiving(), "nothing recorded: the JVM was killed, or never ran");

        Files.writeString(unpacked.resolveSibling("classes.jsa"), "a class-data archive of JDK 17");
        assertFalse(prepareAheadOfTime().archiveInUse().isPresent(), "a JDK 17 archive is not an AOT cache");

        Path cache = unpacked.resolveSibling("classes.aot");
        Files.writeString(cache, "an AOT cache");
        PayaraRuntime next = prepareAheadOfTime();
        assertEquals(List.of("-XX:AOTCache=" + cache), next.classDataOptions());
        assertEquals(cache, next.archiveInUse().orElseThrow());
        next.archiveAfterExit();
        assertFalse(next.archiving(), "a start on the cache records nothing");
    }

    @Test
    void anArchiveBelongsToTheJvmOptionsTheLibrariesAndTheValveItWasMadeWith() throws IOException {
        assertEquals(key(OPTIONS), key(List.of("-Xmx64m")));
        assertNotEquals(key(OPTIONS), key(List.of("-Xmx64m", "-XX:+UseZGC")));
        String before = key(OPTIONS);
        WarLibrariesTest.war(home.resolve("fuxi.war"), "hibernate", "primefaces-2");
        assertNotEquals(before, key(OPTIONS), "another library");
        String withoutValve = key(OPTIONS);
        Files.writeString(home.resolve(EarlyAnswerValveJar.JAR), "a valve");
        String withValve = key(OPTIONS);
        assertNotEquals(withoutValve, withValve, "the valve built");
        Files.writeString(home.resolve(EarlyAnswerValveJar.JAR), "another valve");
        assertNotEquals(withValve, key(OPTIONS), "the valve changed");
        assertEquals(
                OPTIONS,
                PayaraRuntime.jvmOptions(List.of("-Dfuxi.clicks.flush-seconds=3600", "-Xmx64m")),
                "system properties do not change what an archive holds");
    }

    @Test
    void theArchiveIsMadeOfTheFinishedLinesForTheJvmsOwnClassLoaders() throws IOException {
        Path list = data.resolve("loaded-classes.lst");
        Files.writeString(list, """
                java/lang/Object id: 0
                org/hibernate/Version id: 1
                io/fuxi/links/boundary/LinkService id: 2 super: 0 source: /data/payara/applications/fuxi/WEB-INF/classes
                @lambda-proxy org/hibernate/Version run ()Ljava/lang/Runnable;
                org/infinispan/manager/DefaultCach""");

        assertEquals(
                List.of(
                        "java/lang/Object id: 0",
                        "org/hibernate/Version id: 1",
                        "@lambda-proxy org/hibernate/Version run ()Ljava/lang/Runnable;"),
                PayaraRuntime.archivableLines(list));
    }

    /** A stand-in for Payara Micro's launch-micro.jar: its manifest and a class. */
    private static void launchMicro(Path dir) throws IOException {
        launchMicro(dir, "runtime/kernel.jar");
    }

    /** The build's Payara Micro root in {@code dir}: its launcher jar naming {@code classPath}, and its logging. */
    private static void launchMicro(Path dir, String classPath) throws IOException {
        Files.createDirectories(dir.resolve("config"));
        Files.writeString(dir.resolve("config/logging.properties"), ".level=INFO\n");
        Manifest payaras = new Manifest();
        payaras.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        payaras.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "fish.payara.micro.impl.RootDirLauncher");
        payaras.getMainAttributes().putValue("Add-Opens", "java.base/java.lang java.base/java.net");
        payaras.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
        try (JarOutputStream jar =
                new JarOutputStream(Files.newOutputStream(dir.resolve("launch-micro.jar")), payaras)) {
            jar.putNextEntry(new JarEntry(LAUNCHER_CLASS));
            jar.write("RootDirLauncher".getBytes(StandardCharsets.UTF_8));
            jar.closeEntry();
        }
    }

    private String key(List<String> options) throws IOException {
        String libraries = new WarLibraries(home.resolve("fuxi.war")).describe();
        return PayaraRuntime.key(
                home.resolve("payara-micro.jar"), options, libraries, EarlyAnswerValveJar.describe(home));
    }

    private PayaraRuntime prepare(boolean sharing) throws Exception {
        return PayaraRuntime.prepare(home, data, OPTIONS, sharing, false, line -> {});
    }

    private PayaraRuntime prepareAheadOfTime() throws Exception {
        return PayaraRuntime.prepare(home, data, OPTIONS, true, true, line -> {});
    }
}
