package io.fuxi.security.boundary;

import io.fuxi.platform.database.FuxiDataSource;
import io.fuxi.platform.database.NamedLock;
import io.fuxi.platform.terminal.Terminal;
import io.fuxi.security.control.KeySecrets;
import io.fuxi.security.control.OwnerOnlyFile;
import io.fuxi.security.entity.Role;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The first admin key: fuxi.bootstrap-api-key when set; otherwise, when no key exists yet, a new one that is
 * printed once in the log and saved in the data directory, readable by its owner only. Nodes starting together for
 * the first time take turns under a named lock, so that exactly one key is made (and printed by one node).
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
@TransactionManagement(TransactionManagementType.BEAN) // each ApiKeys call commits before the lock is freed
public class BootstrapKey {

    private static final Logger LOG = Logger.getLogger(BootstrapKey.class.getName());
    static final String FILE_NAME = "bootstrap-api-key";

    /** The shortest bootstrap key taken: a generated key has 32 random characters after its prefix. */
    static final int SHORTEST_KEY = 32;

    private static final NamedLock FIRST_START = new NamedLock("fuxi.bootstrap-key");
    private static final int LOCK_WAIT_SECONDS = 60;

    @Resource(lookup = FuxiDataSource.JOBS_JNDI_NAME)
    DataSource jobs;

    @Inject
    ApiKeys keys;

    @Inject
    @ConfigProperty(name = "fuxi.bootstrap-api-key")
    Optional<String> configured;

    @Inject
    @ConfigProperty(name = "fuxi.data-dir", defaultValue = "data")
    String dataDir;

    @PostConstruct
    void ensure() {
        try (Connection connection = jobs.getConnection()) {
            if (!FIRST_START.take(connection, LOCK_WAIT_SECONDS)) {
                throw new IllegalStateException(
                        "Another node held the bootstrap key's lock for " + LOCK_WAIT_SECONDS + " s");
            }
            try {
                ensureUnderLock();
            } finally {
                FIRST_START.release(connection);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot take the bootstrap key's lock", e);
        }
    }

    private void ensureUnderLock() {
        Optional<String> secret = configured.map(String::trim).filter(value -> !value.isEmpty());
        if (secret.isPresent() && secret.get().length() < SHORTEST_KEY) {
            String tooShort = "fuxi.bootstrap-api-key (FUXI_BOOTSTRAP_API_KEY) must have at least " + SHORTEST_KEY
                    + " characters: an admin key that short could be guessed";
            LOG.severe(Terminal.line(tooShort));
            throw new IllegalStateException(tooShort);
        }
        if (secret.isPresent()) {
            if (!keys.exists(secret.get())) {
                keys.createWithSecret("bootstrap", secret.get(), Role.ADMIN);
                LOG.info("Bootstrap admin key from fuxi.bootstrap-api-key registered");
            }
        } else if (keys.none()) {
            String generated = KeySecrets.newSecret();
            keys.createWithSecret("bootstrap", generated, Role.ADMIN);
            Path file = OwnerOnlyFile.write(dataDir, FILE_NAME, generated);
            LOG.warning(Terminal.line("First start: the bootstrap admin API key is " + Terminal.secret(generated)
                    + " (shown only this once, also saved in " + file + ")"));
        }
    }
}
