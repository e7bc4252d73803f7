package io.fuxi.platform.database;

import io.fuxi.platform.terminal.Terminal;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.migration.JavaMigration;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Brings the schema up to date with Flyway before the application takes requests. Beans that need the schema depend on
 * it. A database that cannot be reached is waited for up to fuxi.db.wait-seconds (0: the start fails at once), for one
 * that is starting alongside, as the run command's embedded MariaDB does.
 */
@Singleton
@Startup
@TransactionManagement(TransactionManagementType.BEAN)
public class SchemaMigration {

    private volatile String version;

    private static final Logger LOG = Logger.getLogger(SchemaMigration.class.getName());

    private static final Duration RETRY_PAUSE = Duration.ofMillis(200);

    @Resource(lookup = FuxiDataSource.JOBS_JNDI_NAME)
    DataSource dataSource;

    @Inject
    @ConfigProperty(name = "fuxi.db.url", defaultValue = "(fuxi.db.url)")
    String databaseUrl;

    @Inject
    @ConfigProperty(name = "fuxi.db.wait-seconds", defaultValue = "0")
    long waitSeconds;

    /** Migrations that SQL alone cannot write, contributed by the components that own their tables. */
    @Inject
    Instance<JavaMigration> javaMigrations;

    @PostConstruct
    void migrate() {
        Flyway flyway = Flyway.configure(getClass().getClassLoader())
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .javaMigrations(javaMigrations.stream().toArray(JavaMigration[]::new))
                .load();
        MigrateResult result = migrateOnceReachable(flyway);
        version = versionAfter(result);
        LOG.info(() -> Terminal.line(
                "Schema at version " + version + " (" + result.migrationsExecuted + " migrations applied)"));
    }

    /**
     * The version the schema is at after the migration: the last one applied, or, when a start on an up-to-date schema
     * applied none, the one it found. Asking Flyway for its info instead reads every migration and the history a
     * second time, on each start.
     */
    private static String versionAfter(MigrateResult result) {
        return result.targetSchemaVersion != null ? result.targetSchemaVersion : result.initialSchemaVersion;
    }

    private MigrateResult migrateOnceReachable(Flyway flyway) {
        long deadline = System.nanoTime() + Duration.ofSeconds(waitSeconds).toNanos();
        boolean waiting = false;
        while (true) {
            try {
                return flyway.migrate();
            } catch (RuntimeException e) {
                if (!DatabaseErrors.isOutage(e)) {
                    throw e;
                }
                if (System.nanoTime() >= deadline) {
                    // the run command shows this line as the cause of the failed start
                    LOG.severe(Terminal.line("Cannot reach the database at " + databaseUrl + ": " + rootMessage(e)));
                    throw e;
                }
                if (!waiting) {
                    waiting = true;
                    LOG.info(() -> Terminal.line("Waiting up to " + waitSeconds + " s for the database at "
                            + databaseUrl + " (" + rootMessage(e) + ")"));
                }
                pause();
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(RETRY_PAUSE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for the database", e);
        }
    }

    /** The schema version once every migration has been applied; empty before. */
    public Optional<String> version() {
        return Optional.ofNullable(version);
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = DatabaseErrors.rootCause(failure);
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    }
}
