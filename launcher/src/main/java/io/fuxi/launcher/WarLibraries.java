package io.fuxi.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Fuxi's WAR as the launcher runs it (ADR 22): its libraries (WEB-INF/lib) go on Payara Micro's class path, where the
 * class-data archive holds them and Payara neither scans them at deployment nor loads them through the web
 * application's class loader; what is deployed is the rest, Fuxi's own classes and pages. The WAR the build makes
 * keeps its libraries and deploys as it is on any Payara.
 */
final class WarLibraries {

    private static final String LIBRARIES = "WEB-INF/lib/";

    private static final String APPLICATION_PREFIX = "application-";

    private final Path war;

    WarLibraries(Path war) {
        this.war = war;
    }

    /** The libraries' names, sizes and checksums, one a line: what a class path and an archive of them depend on. */
    String describe() throws IOException {
        StringBuilder described = new StringBuilder();
        try (ZipFile zip = new ZipFile(war.toFile())) {
            for (ZipEntry library : libraries(zip)) {
                described
                        .append(library.getName())
                        .append(' ')
                        .append(library.getSize())
                        .append(' ');
                described.append(Long.toHexString(library.getCrc())).append('\n');
            }
        }
        return described.toString();
    }

    /** Writes the libraries into the directory and gives their file names, in class-path order. */
    List<String> extract(Path directory) throws IOException {
        Files.createDirectories(directory);
        List<String> names = new ArrayList<>();
        try (ZipFile zip = new ZipFile(war.toFile())) {
            for (ZipEntry library : libraries(zip)) {
                String name = fileName(library);
                try (InputStream in = zip.getInputStream(library)) {
                    Files.copy(in, directory.resolve(name));
                }
                names.add(name);
            }
        }
        return names;
    }

    /**
     * The WAR without its libraries ({@link #writeApplication}), written once for this WAR file into {@code directory}
     * (its size and time in the name) and kept there for the next starts, which link to it: written at each start, it
     * held up Payara's start until it was done. What an earlier build's WAR left there is removed.
     */
    Path application(Path directory) throws IOException {
        String name = APPLICATION_PREFIX + Files.size(war) + "-"
                + Files.getLastModifiedTime(war).toMillis() + ".war";
        Path kept = directory.resolve(name);
        if (!Files.isRegularFile(kept)) {
            Files.createDirectories(directory);
            Path partial = Files.createTempFile(directory, "writing-", ".war");
            writeApplication(partial);
            Files.move(partial, kept, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            try (Stream<Path> files = Files.list(directory)) {
                for (Path earlier : (Iterable<Path>) files::iterator) {
                    String other = earlier.getFileName().toString();
                    if (other.startsWith(APPLICATION_PREFIX) && other.endsWith(".war") && !other.equals(name)) {
                        Files.deleteIfExists(earlier); // a start that links to it has its own link
                    }
                }
            }
        }
        return kept;
    }

    /**
     * Writes the WAR without its libraries, its entries stored rather than compressed again: a few megabytes that
     * take a fraction of a second.
     */
    void writeApplication(Path target) throws IOException {
        try (ZipFile zip = new ZipFile(war.toFile());
                OutputStream file = Files.newOutputStream(target);
                ZipOutputStream out = new ZipOutputStream(file)) {
            for (ZipEntry entry : Collections.list(zip.entries())) {
                if (entry.getName().startsWith(LIBRARIES)) {
                    continue;
                }
                ZipEntry stored = new ZipEntry(entry.getName());
                stored.setMethod(ZipEntry.STORED);
                stored.setSize(entry.getSize());
                stored.setCompressedSize(entry.getSize());
                stored.setCrc(entry.getCrc());
                stored.setTime(entry.getTime());
                out.putNextEntry(stored);
                try (InputStream in = zip.getInputStream(entry)) {
                    in.transferTo(out);
                }
                out.closeEntry();
            }
        }
    }

    private static List<ZipEntry> libraries(ZipFile zip) {
        return zip.stream()
                .map(ZipEntry.class::cast)
                .filter(entry ->
                        entry.getName().startsWith(LIBRARIES) && entry.getName().endsWith(".jar"))
                .filter(entry -> entry.getName().indexOf('/', LIBRARIES.length()) < 0)
                .sorted(Comparator.comparing(ZipEntry::getName))
                .toList();
    }

    private static String fileName(ZipEntry library) {
        return library.getName().substring(LIBRARIES.length());
    }
}
