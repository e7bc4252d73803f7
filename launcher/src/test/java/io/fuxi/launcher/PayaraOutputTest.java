package io.fuxi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lines as Payara Micro 6 printed them in a real failed start (a database that refused connections), shortened. */
class PayaraOutputTest {

    private static final String PREFIX = "[2026-11-24T19:33:26.660+0000] [] [\u001B[1;91mSEVERE\u001B[0m] [] "
            + "[\u001B[1;94mio.fuxi.platform.database.SchemaMigration\u001B[0m] [tid: _ThreadID=1 _ThreadName=main] "
            + "[timeMillis: 1795548806660] [levelValue: 1000] ";
    private static final String INFO =
            "[2026-11-24T10:49:01.148+0000] [] [\u001B[1;92mINFO\u001B[0m] [AS-WEB-GLUE-00172] "
                    + "[\u001B[1;94mjakarta.enterprise.web\u001B[0m] [tid: _ThreadID=1 _ThreadName=main] "
                    + "[timeMillis: 1795517341148] [levelValue: 800] ";

    @TempDir
    Path dir;

    @Test
    void theApplicationsMarkedLinesReachTheTerminalAndEveryLineTheFile() throws IOException {
        List<String> terminal = run(
                INFO + "[fuxi] Schema at version 18 (18 migrations applied)",
                INFO + "Loading application [fuxi] at [/]",
                INFO
                        + "Invalid Session Management Configuration for non-distributable app [fuxi] - defaulting to memory");
        assertEquals(List.of("[fuxi] Schema at version 18 (18 migrations applied)"), terminal);
        String file = Files.readString(dir.resolve("fuxi.log"));
        assertTrue(file.contains("[INFO] [AS-WEB-GLUE-00172] [jakarta.enterprise.web]"), "colours taken out: " + file);
        assertEquals(3, file.lines().count());
    }

    @Test
    void aGeneratedSecretReachesTheTerminalButNotTheFile() throws IOException {
        List<String> terminal = run(INFO + "[fuxi] First start: the bootstrap admin API key is <secret>fuxi_Xy9"
                + "</secret> (shown only this once, also saved in /data/bootstrap-api-key)");
        assertEquals(
                List.of("[fuxi] First start: the bootstrap admin API key is fuxi_Xy9 (shown only this once, also"
                        + " saved in /data/bootstrap-api-key)"),
                terminal);
        String file = Files.readString(dir.resolve("fuxi.log"));
        assertFalse(file.contains("fuxi_Xy9"), file);
        assertTrue(file.contains("the bootstrap admin API key is (a secret, shown on the terminal only)"), file);
    }

    @Test
    void theArchiveRunKeepsTheApplicationsLinesInTheFile() throws IOException {
        PayaraOutput output = new PayaraOutput(LogFile.open(dir, 1_000_000), false);
        String secret = "[fuxi] First start: the bootstrap admin API key is fuxi_throwaway";
        assertEquals(List.of(), run(output, INFO + secret));
        assertTrue(Files.readString(dir.resolve("fuxi.log")).contains(secret));
    }

    @Test
    void aFailedStartIsToldByTheCauseTheApplicationGave() throws IOException {
        PayaraOutput output = new PayaraOutput(LogFile.open(dir, 1_000_000), true);
        List<String> terminal = run(
                output,
                PREFIX + "[fuxi] Cannot reach the database at jdbc:mysql://127.0.0.1:1/fuxi: Connection refused",
                "",
                PREFIX + "[[",
                "  Exception while invoking class org.glassfish.ejb.startup.EjbApplication start method",
                "jakarta.ejb.EJBException: jakarta.ejb.CreateException: Initialization failed for Singleton SchemaMigration",
                "\tat com.sun.ejb.containers.AbstractSingletonContainer.create(AbstractSingletonContainer.java:745)",
                "Caused by: java.net.ConnectException: Connection refused",
                "]]",
                INFO + "Payara Micro 6.2025.10 (build 42) ready in 9,815 (ms)");
        assertEquals(List.of(), terminal, "the launcher says the cause once, itself");
        assertTrue(output.booted());
        assertEquals(
                Optional.of("Cannot reach the database at jdbc:mysql://127.0.0.1:1/fuxi: Connection refused"),
                output.failure());
    }

    @Test
    void withoutTheApplicationsWordTheDeepestCauseOfASevereRecordIsTold() throws IOException {
        PayaraOutput output = new PayaraOutput(LogFile.open(dir, 1_000_000), true);
        run(
                output,
                INFO + "[[",
                "Caused by: java.lang.IllegalStateException: a cause in a record that is not severe",
                "]]",
                PREFIX + "[[",
                "  Exception while invoking class org.glassfish.ejb.startup.EjbApplication start method",
                "Caused by: jakarta.ejb.CreateException: Initialization failed for Singleton FirstAdminAccount",
                "Caused by: java.lang.IllegalStateException: fuxi.admin.password must have at least 12 characters",
                "]]");
        assertFalse(output.booted());
        assertEquals(Optional.of("fuxi.admin.password must have at least 12 characters"), output.failure());
    }

    @Test
    void aSevereRecordWithoutACauseIsToldByItsFirstLine() throws IOException {
        PayaraOutput output = new PayaraOutput(LogFile.open(dir, 1_000_000), true);
        run(output, PREFIX + "[[", "", "  Exception while loading the app", "]]", PREFIX + "A later severe record");
        assertEquals(Optional.of("Exception while loading the app"), output.failure());
    }

    @Test
    void payaraMicrosOwnFailedStartIsToldByItsException() throws IOException {
        PayaraOutput output = new PayaraOutput(LogFile.open(dir, 1_000_000), true);
        run(output, PREFIX + "[[", "  Shutting down server due to startup exception");
        assertTrue(output.gaveUp());
        run(
                output,
                "java.net.BindException: Address already in use",
                "\tat java.base/sun.nio.ch.Net.bind0(Native Method)",
                "]]",
                PREFIX + "Failed to start, exiting");
        assertFalse(output.booted());
        assertEquals(Optional.of("Address already in use"), output.failure());
    }

    private List<String> run(String... lines) throws IOException {
        return run(new PayaraOutput(LogFile.open(dir, 1_000_000), true), lines);
    }

    /** The lines through the reader; what it printed to the terminal. */
    private static List<String> run(PayaraOutput output, String... lines) {
        PrintStream terminal = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            for (String line : lines) {
                output.accept(line);
            }
        } finally {
            System.setOut(terminal);
        }
        return printed.toString(StandardCharsets.UTF_8).lines().toList();
    }
}
