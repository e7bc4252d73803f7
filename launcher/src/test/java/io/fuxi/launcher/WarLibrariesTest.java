package io.fuxi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The WAR split into its libraries, which go on Payara's class path, and the rest, which is deployed. */
class WarLibrariesTest {

    @TempDir
    Path dir;

    @Test
    void theLibrariesAreWrittenOutInNameOrder() throws IOException {
        Path war = war(dir.resolve("fuxi.war"), "primefaces", "hibernate");

        List<String> names = new WarLibraries(war).extract(dir.resolve("lib"));

        assertEquals(List.of("hibernate.jar", "primefaces.jar"), names);
        assertEquals("the classes of primefaces", Files.readString(dir.resolve("lib/primefaces.jar")));
    }

    @Test
    void theDeployedWarIsTheRestWithItsContentUnchanged() throws IOException {
        Path war = war(dir.resolve("fuxi.war"), "hibernate");
        Path application = dir.resolve("application.war");

        new WarLibraries(war).writeApplication(application);

        assertEquals(List.of("WEB-INF/classes/io/fuxi/Fuxi.class", "index.html"), entries(application));
        try (ZipFile zip = new ZipFile(application.toFile())) {
            String page =
                    new String(zip.getInputStream(zip.getEntry("index.html")).readAllBytes(), StandardCharsets.UTF_8);
            assertEquals("<h1>Fuxi</h1>", page);
        }
    }

    @Test
    void theDeployedWarIsWrittenOnceForAWarFileAndAnEarlierOneIsRemoved() throws IOException {
        Path war = war(dir.resolve("fuxi.war"), "hibernate");
        Path runtimes = dir.resolve("payara-runtime");

        Path first = new WarLibraries(war).application(runtimes);
        Object written = Files.readAttributes(first, BasicFileAttributes.class).fileKey();
        assertEquals(first, new WarLibraries(war).application(runtimes));
        assertEquals(
                written, Files.readAttributes(first, BasicFileAttributes.class).fileKey(), "kept, not written again");
        assertEquals(List.of("WEB-INF/classes/io/fuxi/Fuxi.class", "index.html"), entries(first));

        Path rebuilt = new WarLibraries(war(war, "hibernate", "primefaces")).application(runtimes);
        assertNotEquals(first, rebuilt, "another build's WAR");
        try (Stream<Path> files = Files.list(runtimes)) {
            assertEquals(List.of(rebuilt), files.toList(), "the earlier one removed, nothing half-written left");
        }
    }

    @Test
    void theDescriptionChangesWithALibrary() throws IOException {
        Path war = dir.resolve("fuxi.war");
        String before = new WarLibraries(war(war, "hibernate", "primefaces")).describe();

        assertEquals(before, new WarLibraries(war(war, "primefaces", "hibernate")).describe(), "the same libraries");
        assertNotEquals(before, new WarLibraries(war(war, "hibernate")).describe(), "one fewer");
        assertNotEquals(before, new WarLibraries(war(war, "hibernate", "primefaces2")).describe(), "another one");
    }

    /** A small WAR: a class, a page and one library jar for each name (whose content names it). */
    static Path war(Path war, String... libraries) throws IOException {
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(war))) {
            add(zip, "index.html", "<h1>Fuxi</h1>");
            add(zip, "WEB-INF/classes/io/fuxi/Fuxi.class", "bytecode");
            for (String library : libraries) {
                add(zip, "WEB-INF/lib/" + library + ".jar", "the classes of " + library);
            }
        }
        return war;
    }

    static List<String> entries(Path zip) throws IOException {
        try (ZipFile file = new ZipFile(zip.toFile())) {
            return file.stream().map(ZipEntry::getName).sorted().toList();
        }
    }

    private static void add(ZipOutputStream zip, String name, String content) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(content.getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
    }
}
