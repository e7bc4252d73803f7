package io.fuxi.it;

import io.fuxi.launcher.PayaraBootCommands;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Starts the test database before the first integration test (so that arquillian.xml can name its URL) and
 * stops it after the last; makes the directories the Payara container writes to, names its Hazelcast group and writes
 * the launcher's pre-boot commands for a listener on 127.0.0.1 (see arquillian.xml). Only failsafe sets
 * fuxi.it.dir; unit tests under surefire start no database.
 */
public class TestDatabaseSession implements LauncherSessionListener {

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        String itDir = System.getProperty("fuxi.it.dir");
        if (itDir != null) {
            createDirectories(Path.of(System.getProperty("java.io.tmpdir")), Path.of(itDir, "payara-tmp"));
            System.setProperty(
                    "fuxi.it.clustername", "fuxi-it-" + ProcessHandle.current().pid());
            Path preboot = Path.of(itDir, "payara-preboot.asadmin");
            try {
                PayaraBootCommands.write(preboot, "127.0.0.1");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            System.setProperty("fuxi.it.preboot", preboot.toString());
            TestDatabase.start();
        }
    }

    private static void createDirectories(Path... dirs) {
        try {
            for (Path dir : dirs) {
                Files.createDirectories(dir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void launcherSessionClosed(LauncherSession session) {
        TestDatabase.stop();
    }
}
