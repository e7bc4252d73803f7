package io.fuxi.security.control;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** A generated secret saved in the data directory, readable and writable by its owner only. */
public final class OwnerOnlyFile {

    private OwnerOnlyFile() {}

    /** Writes the secret (replacing an earlier file) and answers the file's absolute path. */
    public static Path write(String dataDir, String name, String secret) {
        try {
            Path file = Files.createDirectories(Path.of(dataDir)).resolve(name);
            Files.deleteIfExists(file);
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, secret + "\n");
            return file.toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot save " + name + " in " + dataDir, e);
        }
    }
}
