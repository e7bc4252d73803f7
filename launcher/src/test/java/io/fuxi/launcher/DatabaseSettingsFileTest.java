package io.fuxi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatabaseSettingsFileTest {

    @TempDir
    Path dir;

    @Test
    void theDatabaseSettingsReachPayaraInAFileOnlyTheOwnerReads() throws IOException {
        Files.writeString(dir.resolve(DatabaseSettingsFile.NAME), "left over");
        Path file = DatabaseSettingsFile.write(
                dir,
                Map.of(
                        "FUXI_DB_URL", "jdbc:mysql://db:3306/fuxi?useSSL=true&x=1",
                        "FUXI_DB_USER", "fuxi",
                        "FUXI_DB_PASSWORD", "p=ss:w\\ord#1 é",
                        "FUXI_OTHER", "not here"));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        Properties read = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            read.load(in);
        }
        assertEquals(
                Map.of(
                        "fuxi.db.url", "jdbc:mysql://db:3306/fuxi?useSSL=true&x=1",
                        "fuxi.db.user", "fuxi",
                        "fuxi.db.password", "p=ss:w\\ord#1 é"),
                read);
    }
}
