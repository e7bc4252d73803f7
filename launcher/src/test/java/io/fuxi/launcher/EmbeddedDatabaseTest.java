package io.fuxi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedDatabaseTest {

    @Test
    void aFailedStartIsToldByMariaDbsFirstError() {
        String message = """
                Database does not seem to have started up correctly? Magic string not seen in 30000ms: : ready for \
                connections., last 100 lines of console:
                2026-11-25 11:47:05 0 [Note] Server socket created on IP: '127.0.0.1'.
                2026-11-25 11:47:05 0 [ERROR] Can't start server: Bind on TCP/IP port. Got error: 98: Address already in use
                2026-11-25 11:47:05 0 [ERROR] Do you already have another server running on port: 39999 ?
                2026-11-25 11:47:05 0 [ERROR] Aborting""";
        assertEquals(
                "Can't start server: Bind on TCP/IP port. Got error: 98: Address already in use",
                EmbeddedDatabase.firstError(message));
    }

    @Test
    void withoutAnErrorLineItIsTheMessagesFirstLine() {
        assertEquals(
                "Cannot run program: No such file",
                EmbeddedDatabase.firstError("Cannot run program: No such file\nmore"));
        assertEquals("no message", EmbeddedDatabase.firstError(null));
    }

    @Test
    void theBufferPoolIsAnEighthOfTheMachinesMemoryWithinBounds() {
        long gib = 1L << 30;
        assertEquals(256, EmbeddedDatabase.defaultBufferPoolMb(gib), "at least 256 MB");
        assertEquals(256, EmbeddedDatabase.defaultBufferPoolMb(2 * gib));
        assertEquals(1024, EmbeddedDatabase.defaultBufferPoolMb(8 * gib));
        assertEquals(3072, EmbeddedDatabase.defaultBufferPoolMb(24 * gib));
        assertEquals(4096, EmbeddedDatabase.defaultBufferPoolMb(256 * gib), "at most 4 GB");
    }

    @TempDir
    Path dir;

    @Test
    void pathsWithASpaceOrAQuoteAreRefusedBeforeAnythingStarts() {
        Path binaries = Path.of("/opt/fuxi/mariadb");
        assertEquals(Optional.empty(), EmbeddedDatabase.unusablePaths(binaries, Path.of("/var/lib/fuxi"), true));
        for (String data : new String[] {"/tmp/my fuxi/data", "/home/o'brien/data", "/tmp/\"data\""}) {
            String refusal = EmbeddedDatabase.unusablePaths(binaries, Path.of(data), true)
                    .orElseThrow();
            assertTrue(
                    refusal.startsWith("The data directory \"" + data + "\" (FUXI_DATA_DIR, ./data by default) holds"),
                    refusal);
            assertTrue(refusal.endsWith("so choose another, or set FUXI_DB_URL to a database of your own."), refusal);
        }
        String installed = EmbeddedDatabase.unusablePaths(
                        Path.of("/home/me/My Projects/fuxi/target/mariadb"), Path.of("/var/lib/fuxi"), false)
                .orElseThrow();
        assertTrue(installed.startsWith("Fuxi is installed under \"/home/me/My Projects/fuxi/target\""), installed);
        assertTrue(installed.endsWith("so move the installation."), installed);
    }

    @Test
    void aPathIsJudgedWithItsSymbolicLinksResolvedAsMariaDb4jHandsItOn() throws Exception {
        Path spaced = Files.createDirectories(dir.resolve("with space"));
        Path link = Files.createSymbolicLink(dir.resolve("plain"), spaced);
        assertTrue(EmbeddedDatabase.unusablePaths(Path.of("/opt/fuxi/mariadb"), link, true)
                .isPresent());
    }

    @Test
    void itsPasswordIsMadeOnceAndOnlyItsOwnerCanReadIt(@TempDir Path dir) throws Exception {
        Path database = dir.resolve("mariadb");
        List<Callable<String>> starts = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            starts.add(() -> EmbeddedDatabase.password(database));
        }
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            Set<String> answered = new HashSet<>();
            for (Future<String> start : threads.invokeAll(starts)) {
                answered.add(start.get());
            }
            assertEquals(1, answered.size(), "starts at once agree on one password: " + answered);
            String password = answered.iterator().next();
            assertTrue(password.matches("[0-9A-Za-z]{32}"), password);
            assertEquals(password, EmbeddedDatabase.password(database), "kept between starts");
        } finally {
            threads.shutdownNow();
        }
        Path file = database.resolve(EmbeddedDatabase.PASSWORD_FILE);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(database)));
        try (var left = Files.list(database)) {
            assertEquals(List.of(file), left.toList(), "no draft left behind");
        }
    }

    @Test
    void anOperatorMayChooseThePassword(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(EmbeddedDatabase.PASSWORD_FILE), "chosen-by-the-operator\n");
        assertEquals("chosen-by-the-operator", EmbeddedDatabase.password(dir));
        Files.writeString(dir.resolve(EmbeddedDatabase.PASSWORD_FILE), "it's\n");
        assertTrue(assertThrows(IllegalStateException.class, () -> EmbeddedDatabase.password(dir))
                .getMessage()
                .contains("without quotes or backslashes"));
    }

    @Test
    void onlyFuxisAccountSignsInOverTcp() {
        List<String> statements = EmbeddedDatabase.accountStatements("s3cret");
        assertTrue(statements.get(0).startsWith("CREATE USER IF NOT EXISTS 'fuxi'@'127.0.0.1' IDENTIFIED BY 's3cret'"));
        assertTrue(statements.stream().anyMatch(sql -> sql.startsWith("DROP USER IF EXISTS 'root'@'127.0.0.1'")));
    }
}
