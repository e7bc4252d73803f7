package io.fuxi.security.boundary;

import io.fuxi.security.control.KeySecrets;
import io.fuxi.security.control.OwnerOnlyFile;
import io.fuxi.security.entity.Role;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The first admin key: fuxi.bootstrap-api-key when set; otherwise, when no key exists yet, a new one that is
 * printed once in the log and saved in the data directory, readable by its owner only.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
public class BootstrapKey {

    private static final Logger LOG = Logger.getLogger(BootstrapKey.class.getName());
    static final String FILE_NAME = "bootstrap-api-key";

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
        Optional<String> secret = configured.map(String::trim).filter(value -> !value.isEmpty());
        if (secret.isPresent()) {
            if (!keys.exists(secret.get())) {
                keys.createWithSecret("bootstrap", secret.get(), Role.ADMIN);
                LOG.info("Bootstrap admin key from fuxi.bootstrap-api-key registered");
            }
        } else if (keys.none()) {
            String generated = KeySecrets.newSecret();
            keys.createWithSecret("bootstrap", generated, Role.ADMIN);
            Path file = OwnerOnlyFile.write(dataDir, FILE_NAME, generated);
            LOG.warning(
                    "\n\n    First start: generated the bootstrap admin API key (shown only this once, also saved in "
                            + file + "):\n\n        " + generated + "\n");
        }
    }
}
