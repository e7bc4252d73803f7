package io.fuxi.launcher;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Pattern;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Payara Micro's runtime jars written as one stored (uncompressed) jar (ADR 50): the JVM's class loader then opens one
 * jar, not some 300, and finds each class in one lookup rather than by asking the jars in turn. What the class path
 * would find is kept: of an entry in several jars, the copy of the first jar on the class path; of a file that readers
 * collect from every jar ({@link #CONCATENATED}: service lists, HK2's descriptors, the logger metadata), all the copies
 * one after another. A multi-release jar's versioned entry is kept only with its own jar's base entry, as that jar
 * would serve it; what only describes a jar (its manifest, index and signatures, a module descriptor) is left out.
 */
final class MergedRuntimeJar {

    /** Where the merged jar goes in the runtime's root directory. */
    static final String PATH = "runtime/payara-merged.jar";

    /** Files that their readers collect from every jar of the class path (getResources), so all copies are kept. */
    static final List<String> CONCATENATED = List.of(
            "META-INF/services/",
            "META-INF/hk2-locator/",
            "META-INF/inhabitants/",
            "META-INF/loggerinfo/",
            "META-INF/logmessages/");

    private static final String VERSIONS = "META-INF/versions/";
    private static final Pattern DESCRIBES_A_JAR =
            Pattern.compile("META-INF/(MANIFEST\\.MF|INDEX\\.LIST|[^/]+\\.(SF|RSA|DSA|EC)|SIG-[^/]+)"
                    + "|(META-INF/versions/\\d+/)?module-info\\.class");

    /** The entries written and the copies of files left out (other jars' copies of a file, not directories). */
    record Summary(int entries, int shadowed) {}

    /** Each entry written, with the jar it was copied from. */
    private final Map<String, Path> owners = new HashMap<>();

    private final Map<String, ByteArrayOutputStream> collected = new LinkedHashMap<>();
    private int shadowed;
    private boolean multiRelease;

    private MergedRuntimeJar() {}

    /** Writes the jars of {@code classPath}, in its order, into {@code target}. */
    static Summary write(List<Path> classPath, Path target) throws IOException {
        return new MergedRuntimeJar().merge(classPath, target);
    }

    private Summary merge(List<Path> classPath, Path target) throws IOException {
        Path partial = target.resolveSibling(target.getFileName() + ".partial");
        try (OutputStream file = Files.newOutputStream(partial);
                JarOutputStream out = new JarOutputStream(file)) {
            for (Path jar : classPath) {
                copy(jar, out);
            }
            for (Map.Entry<String, ByteArrayOutputStream> copies : collected.entrySet()) {
                put(out, copies.getKey(), copies.getValue().toByteArray());
            }
            put(out, JarFile.MANIFEST_NAME, manifest());
        }
        Files.move(partial, target);
        return new Summary(owners.size(), shadowed);
    }

    private void copy(Path jar, JarOutputStream out) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            boolean versioned = isMultiRelease(zip);
            multiRelease |= versioned;
            List<ZipEntry> versions = new ArrayList<>();
            for (ZipEntry entry : Collections.list(zip.entries())) {
                String name = entry.getName();
                if (DESCRIBES_A_JAR.matcher(name).matches()) {
                    continue;
                } else if (name.startsWith(VERSIONS)) {
                    if (versioned) {
                        versions.add(entry); // once this jar's base entries are known
                    }
                } else if (isCollected(name)) {
                    collect(zip, entry);
                } else {
                    copyFirst(zip, entry, jar, out);
                }
            }
            for (ZipEntry entry : versions) {
                Path owner = owners.get(baseName(entry.getName()));
                if (owner == null || owner.equals(jar)) {
                    copyFirst(zip, entry, jar, out);
                } else {
                    leaveOut(entry);
                }
            }
        }
    }

    private void copyFirst(ZipFile zip, ZipEntry entry, Path jar, JarOutputStream out) throws IOException {
        if (owners.putIfAbsent(entry.getName(), jar) != null) {
            leaveOut(entry);
            return;
        }
        ZipEntry stored = storedEntry(entry.getName(), entry.getSize(), entry.getCrc());
        stored.setTime(entry.getTime());
        out.putNextEntry(stored);
        try (InputStream in = zip.getInputStream(entry)) {
            in.transferTo(out);
        }
        out.closeEntry();
    }

    private void leaveOut(ZipEntry copy) {
        if (!copy.isDirectory()) {
            shadowed++;
        }
    }

    /** Appends a copy to the others of its name, each ending in a line break and set apart by an empty line. */
    private void collect(ZipFile zip, ZipEntry entry) throws IOException {
        ByteArrayOutputStream all = collected.computeIfAbsent(entry.getName(), name -> new ByteArrayOutputStream());
        byte[] copy;
        try (InputStream in = zip.getInputStream(entry)) {
            copy = in.readAllBytes();
        }
        all.write(copy);
        if (copy.length > 0 && copy[copy.length - 1] != '\n') {
            all.write('\n');
        }
        all.write('\n');
    }

    private byte[] manifest() throws IOException {
        Manifest manifest = new Manifest();
        Attributes attributes = manifest.getMainAttributes();
        attributes.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        attributes.putValue("Created-By", "Fuxi's launcher (MergedRuntimeJar)");
        if (multiRelease) {
            attributes.put(Attributes.Name.MULTI_RELEASE, "true");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        manifest.write(bytes);
        return bytes.toByteArray();
    }

    private static void put(JarOutputStream out, String name, byte[] content) throws IOException {
        CRC32 crc = new CRC32();
        crc.update(content);
        out.putNextEntry(storedEntry(name, content.length, crc.getValue()));
        out.write(content);
        out.closeEntry();
    }

    private static ZipEntry storedEntry(String name, long size, long crc) {
        ZipEntry stored = new ZipEntry(name);
        stored.setMethod(ZipEntry.STORED);
        stored.setSize(size);
        stored.setCompressedSize(size);
        stored.setCrc(crc);
        return stored;
    }

    static boolean isCollected(String name) {
        return !name.endsWith("/") && CONCATENATED.stream().anyMatch(name::startsWith);
    }

    /** {@code META-INF/versions/11/a/B.class} is {@code a/B.class}. */
    static String baseName(String versioned) {
        int slash = versioned.indexOf('/', VERSIONS.length());
        return slash < 0 ? versioned : versioned.substring(slash + 1);
    }

    private static boolean isMultiRelease(ZipFile zip) throws IOException {
        ZipEntry entry = zip.getEntry(JarFile.MANIFEST_NAME);
        if (entry == null) {
            return false;
        }
        try (InputStream in = zip.getInputStream(entry)) {
            return "true"
                    .equalsIgnoreCase(new Manifest(in).getMainAttributes().getValue(Attributes.Name.MULTI_RELEASE));
        }
    }
}
