package io.fuxi.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OwnerOnlyFileTest {

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    @TempDir
    Path dir;

    @Test
    void theSecretIsSavedReadableAndWritableByItsOwnerOnly() throws IOException {
        Path dataDir = dir.resolve("data/fuxi");

        Path file = OwnerOnlyFile.write(dataDir.toString(), "admin-password.txt", "s3cret");

        assertEquals(dataDir.resolve("admin-password.txt").toAbsolutePath(), file);
        assertEquals("s3cret\n", Files.readString(file));
        assertEquals(OWNER_ONLY, Files.getPosixFilePermissions(file));
    }

    @Test
    void anEarlierFileIsReplacedAndLosesItsWiderPermissions() throws IOException {
        Path earlier = Files.writeString(dir.resolve("admin-password.txt"), "an older and longer secret\n");
        Files.setPosixFilePermissions(earlier, PosixFilePermissions.fromString("rw-r--r--"));

        Path file = OwnerOnlyFile.write(dir.toString(), "admin-password.txt", "new");

        assertEquals("new\n", Files.readString(file));
        assertEquals(OWNER_ONLY, Files.getPosixFilePermissions(file));
    }

    @Test
    void aLinkInItsPlaceIsReplacedNotWrittenThrough() throws IOException {
        Path elsewhere = Files.writeString(dir.resolve("elsewhere.txt"), "not the secret's\n");
        Path data = Files.createDirectory(dir.resolve("data"));
        Files.createSymbolicLink(data.resolve("admin-password.txt"), elsewhere);

        Path file = OwnerOnlyFile.write(data.toString(), "admin-password.txt", "s3cret");

        assertEquals("not the secret's\n", Files.readString(elsewhere));
        assertFalse(Files.isSymbolicLink(file));
        assertTrue(Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS));
        assertEquals("s3cret\n", Files.readString(file));
        assertEquals(OWNER_ONLY, Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aDataDirectoryThatCannotBeMadeIsAnErrorNamingIt() throws IOException {
        Path notADirectory = Files.writeString(dir.resolve("plain-file"), "");

        UncheckedIOException error = assertThrows(
                UncheckedIOException.class,
                () -> OwnerOnlyFile.write(notADirectory.toString(), "admin-password.txt", "s3cret"));

        assertEquals("Cannot save admin-password.txt in " + notADirectory, error.getMessage());
    }
}
