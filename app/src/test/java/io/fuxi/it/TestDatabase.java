package io.fuxi.it;

import com.mysql.cj.jdbc.MysqlDataSource;
import io.fuxi.launcher.EmbeddedDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/** The real MariaDB the integration tests run against: one fresh server per test JVM, on a free loopback port. */
public final class TestDatabase {

    private static EmbeddedDatabase server;

    private TestDatabase() {}

    static synchronized void start() {
        if (server == null) {
            Path dir = Path.of(System.getProperty("fuxi.it.dir", "target/it")).resolve("mariadb");
            deleteRecursively(dir);
            server = EmbeddedDatabase.start(Path.of("target/mariadb"), dir, 0, EmbeddedDatabase.SMALL_BUFFER_POOL_MB);
            System.setProperty("fuxi.it.db.url", server.jdbcUrl("fuxi"));
            System.setProperty("fuxi.it.db.user", EmbeddedDatabase.USER);
            System.setProperty("fuxi.it.db.password", server.password());
        }
    }

    static synchronized void stop() {
        if (server != null) {
            server.stop();
            server = null;
        }
    }

    /** The server's port on 127.0.0.1. */
    public static int port() {
        return running().port();
    }

    private static EmbeddedDatabase running() {
        if (server == null) {
            throw new IllegalStateException(
                    "The test database is not running: integration tests run under failsafe (mvn verify)");
        }
        return server;
    }

    /** A launcher's environment pointed at this server's database {@code database} (FUXI_DB_URL, _USER, _PASSWORD). */
    public static void pointAt(java.util.Map<String, String> environment, int port, String database) {
        environment.put(
                "FUXI_DB_URL", "jdbc:mysql://127.0.0.1:" + port + "/" + database + "?createDatabaseIfNotExist=true");
        environment.put("FUXI_DB_USER", EmbeddedDatabase.USER);
        environment.put("FUXI_DB_PASSWORD", password());
    }

    /** The password of the server's one account, {@link EmbeddedDatabase#USER}. */
    public static String password() {
        return running().password();
    }

    /** A database of this server, created on first use. */
    public static DataSource dataSource(String database) {
        EmbeddedDatabase server = running();
        MysqlDataSource dataSource = new MysqlDataSource();
        dataSource.setUrl(server.jdbcUrl(database));
        dataSource.setUser(EmbeddedDatabase.USER);
        dataSource.setPassword(password());
        return dataSource;
    }

    /** A new database of this server, named from {@code prefix}, with every migration of the schema applied. */
    public static DataSource migrated(String prefix) {
        DataSource database = dataSource(prefix + "_" + System.nanoTime());
        Flyway.configure()
                .dataSource(database)
                .locations("classpath:db/migration")
                .load()
                .migrate();
        return database;
    }

    private static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
