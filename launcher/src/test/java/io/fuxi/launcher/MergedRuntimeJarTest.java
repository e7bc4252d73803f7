package io.fuxi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runtime jars merged into one: what the class path would have found in them, in one jar. */
class MergedRuntimeJarTest {

    @TempDir
    Path dir;

    @Test
    void ofAnEntryInSeveralJarsTheFirstJarsCopyIsKept() throws IOException {
        Path first = jar("first.jar", Map.of("x/", "", "x/A.class", "first A"));
        Path second = jar("second.jar", Map.of("x/", "", "x/A.class", "second A", "x/B.class", "second B"));

        MergedRuntimeJar.Summary summary = merge(first, second);

        assertEquals("first A", read("x/A.class"));
        assertEquals("second B", read("x/B.class"));
        assertEquals(1, summary.shadowed(), "second.jar's A; a directory in both is no copy left out");
    }

    @Test
    void theFilesReadFromEveryJarAreKeptOneAfterAnother() throws IOException {
        String extension = "META-INF/services/jakarta.enterprise.inject.spi.Extension";
        String descriptors = "META-INF/hk2-locator/default";
        String loggers = "META-INF/loggerinfo/LoggerInfoMetadata.properties";
        Path first = jar("first.jar", Map.of(extension, "a.FirstExtension", descriptors, "[a.First]\nname=first\n"));
        Path second = jar(
                "second.jar",
                Map.of(extension, "b.SecondExtension\n", descriptors, "[b.Second]\n", loggers, "b.logger=B\n"));

        merge(first, second);

        assertEquals("a.FirstExtension\n\nb.SecondExtension\n\n", read(extension));
        assertEquals("[a.First]\nname=first\n\n[b.Second]\n\n", read(descriptors));
        assertEquals("b.logger=B\n\n", read(loggers));
    }

    @Test
    void whatDescribesOneJarIsLeftOut() throws IOException {
        Path signed = jar(
                "signed.jar",
                Map.of("x/A.class", "A", "META-INF/SIGNER.SF", "digests", "META-INF/SIGNER.RSA", "signature"));
        Path modular = jar("modular.jar", Map.of("module-info.class", "module b", "META-INF/INDEX.LIST", "index"));

        merge(signed, modular);

        try (ZipFile merged = new ZipFile(merged().toFile())) {
            assertEquals(
                    List.of("x/A.class", "META-INF/MANIFEST.MF"),
                    merged.stream().map(ZipEntry::getName).toList());
            assertTrue(merged.stream().allMatch(entry -> entry.getMethod() == ZipEntry.STORED), "stored, not deflated");
        }
        try (JarFile merged = new JarFile(merged().toFile())) {
            Attributes attributes = merged.getManifest().getMainAttributes();
            assertEquals("Fuxi's launcher (MergedRuntimeJar)", attributes.getValue("Created-By"));
            assertNull(attributes.getValue(Attributes.Name.MULTI_RELEASE), "no input was multi-release");
        }
    }

    /**
     * A versioned entry serves its class only where its jar serves the class: here first.jar, which is not
     * multi-release, serves C, and second.jar, which is, serves D in its Java 11 version.
     */
    @Test
    void aVersionedEntryIsKeptWithItsOwnJarsBaseEntry() throws IOException {
        Path first = jar("first.jar", Map.of("x/C.class", "first C", "META-INF/versions/11/x/E.class", "inert"));
        Path second = multiRelease(
                "second.jar",
                Map.of(
                        "x/C.class", "second C",
                        "META-INF/versions/11/x/C.class", "second C for 11",
                        "x/D.class", "second D",
                        "META-INF/versions/11/x/D.class", "second D for 11"));

        merge(first, second);

        try (JarFile merged = new JarFile(merged().toFile(), true, ZipFile.OPEN_READ, Runtime.version())) {
            assertTrue(merged.isMultiRelease());
            assertEquals("first C", text(merged, "x/C.class"));
            assertEquals("second D for 11", text(merged, "x/D.class"));
            assertNull(merged.getEntry("META-INF/versions/11/x/C.class"));
            assertNull(merged.getEntry("META-INF/versions/11/x/E.class"), "not versioned in a jar that is not");
        }
    }

    @Test
    void aVersionedNameIsItsBaseNameUnderItsVersion() {
        assertEquals("a/B.class", MergedRuntimeJar.baseName("META-INF/versions/11/a/B.class"));
        assertTrue(MergedRuntimeJar.isCollected("META-INF/services/java.sql.Driver"));
        assertFalse(MergedRuntimeJar.isCollected("META-INF/services/"), "a directory is not a file to collect");
    }

    private MergedRuntimeJar.Summary merge(Path... jars) throws IOException {
        return MergedRuntimeJar.write(List.of(jars), merged());
    }

    private Path merged() {
        return dir.resolve("merged.jar");
    }

    private String read(String name) throws IOException {
        try (JarFile merged = new JarFile(merged().toFile())) {
            return text(merged, name);
        }
    }

    private static String text(JarFile jar, String name) throws IOException {
        try (InputStream in = jar.getInputStream(jar.getJarEntry(name))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private Path jar(String name, Map<String, String> entries) throws IOException {
        return jar(name, new Manifest(), entries);
    }

    private Path multiRelease(String name, Map<String, String> entries) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MULTI_RELEASE, "true");
        return jar(name, manifest, entries);
    }

    /** A jar of these entries, in the order of their names. */
    static Path jar(Path file, Manifest manifest, Map<String, String> entries) throws IOException {
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(file), manifest)) {
            for (Map.Entry<String, String> entry : new TreeMap<>(entries).entrySet()) {
                jar.putNextEntry(new ZipEntry(entry.getKey()));
                jar.write(entry.getValue().getBytes(StandardCharsets.UTF_8));
                jar.closeEntry();
            }
        }
        return file;
    }

    private Path jar(String name, Manifest manifest, Map<String, String> entries) throws IOException {
        return jar(dir.resolve(name), manifest, entries);
    }

    static Path jar(Path file, Map<String, String> entries) throws IOException {
        return jar(file, new Manifest(), entries);
    }
}
