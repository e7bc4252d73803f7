package io.fuxi.launcher;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * The database's address, account and password as system properties for Payara Micro's JVM, in a file of the data
 * directory that only its owner can read, written at each start: a password on a command line is in every process
 * list.
 */
final class DatabaseSettingsFile {

    static final String NAME = "payara-database.properties";

    private DatabaseSettingsFile() {}

    /** Writes fuxi.db.url, .user and .password from the environment's FUXI_DB_URL, _USER and _PASSWORD. */
    static Path write(Path dataDir, Map<String, String> env) throws IOException {
        Properties properties = new Properties();
        for (String key : List.of("url", "user", "password")) {
            String value = env.get("FUXI_DB_" + key.toUpperCase(Locale.ROOT));
            if (value != null) {
                properties.setProperty("fuxi.db." + key, value);
            }
        }
        Path file = Files.createDirectories(dataDir).resolve(NAME);
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (OutputStream out = Files.newOutputStream(file)) { // escapes all but ASCII, however Payara reads it
            properties.store(out, "Written by the launcher at each start; edits are lost");
        }
        return file.toAbsolutePath();
    }
}
