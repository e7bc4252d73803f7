package io.fuxi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A start's root directory made from an unpacked runtime (here a small stand-in for Payara Micro's). */
class PayaraRuntimeTest {

    private static final List<String> OPTIONS = List.of("-Xmx64m");

    @TempDir
    Path home;

    @TempDir
    Path data;

    private Path unpacked;

    @BeforeEach
    void unpackedRuntime() throws IOException {
        Files.writeString(home.resolve("payara-micro.jar"), "a stand-in: never unpacked in this test");
        unpacked = home.resolve("payara-runtime")
                .resolve(PayaraRuntime.key(home.resolve("payara-micro.jar"), OPTIONS))
                .resolve("root");
        Files.createDirectories(unpacked.resolve("runtime"));
        Files.createDirectories(unpacked.resolve("config"));
        Files.writeString(unpacked.resolve(PayaraRuntime.LAUNCHER_JAR), "launcher");
        Files.writeString(unpacked.resolve("runtime/kernel.jar"), "kernel");
        Files.writeString(unpacked.resolve("config/domain.xml"), "<domain/>");
    }

    @Test
    void aStartGetsAFreshRootWhoseJarsAreTheUnpackedFilesAndWhoseConfigurationIsItsOwn() throws Exception {
        Files.createDirectories(data.resolve("payara/applications/fuxi")); // what a previous run deployed

        Path root = prepare(true).directory();

        assertEquals(data.resolve("payara"), root);
        assertTrue(Files.isSameFile(unpacked.resolve("runtime/kernel.jar"), root.resolve("runtime/kernel.jar")));
        assertTrue(Files.isSameFile(
                unpacked.resolve(PayaraRuntime.LAUNCHER_JAR), root.resolve(PayaraRuntime.LAUNCHER_JAR)));
        Files.writeString(root.resolve("config/domain.xml"), "<domain>changed by Payara</domain>");
        assertEquals("<domain/>", Files.readString(unpacked.resolve("config/domain.xml")), "a copy, not a link");
        assertFalse(Files.exists(root.resolve("applications")), "nothing of the previous run is left");
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
    void anArchiveBelongsToTheJvmOptionsItWasMadeWith() throws IOException {
        Path jar = home.resolve("payara-micro.jar");
        assertEquals(PayaraRuntime.key(jar, OPTIONS), PayaraRuntime.key(jar, List.of("-Xmx64m")));
        assertNotEquals(PayaraRuntime.key(jar, OPTIONS), PayaraRuntime.key(jar, List.of("-Xmx64m", "-XX:+UseZGC")));
        assertEquals(
                OPTIONS,
                PayaraRuntime.jvmOptions(List.of("-Dfuxi.clicks.flush-seconds=3600", "-Xmx64m")),
                "system properties do not change what an archive holds");
    }

    private PayaraRuntime prepare(boolean sharing) throws Exception {
        return PayaraRuntime.prepare(home, data, OPTIONS, sharing, line -> {});
    }
}
