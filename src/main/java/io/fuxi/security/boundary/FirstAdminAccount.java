package io.fuxi.security.boundary;

import io.fuxi.platform.terminal.Terminal;
import io.fuxi.security.control.KeySecrets;
import io.fuxi.security.control.OwnerOnlyFile;
import io.fuxi.security.entity.ConsoleRole;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The console's first account: fuxi.admin.user and fuxi.admin.password when set (created if no account has that
 * name); otherwise, when there is no account yet, "admin" with a generated password that is printed once in the log
 * and saved in the data directory, readable by its owner only.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
public class FirstAdminAccount {

    private static final Logger LOG = Logger.getLogger(FirstAdminAccount.class.getName());
    static final String FILE_NAME = "admin-password";
    static final String GENERATED_USER = "admin";
    static final int SHORTEST_PASSWORD = 12;

    @Inject
    AdminAccounts accounts;

    @Inject
    @ConfigProperty(name = "fuxi.admin.user")
    Optional<String> configuredUser;

    @Inject
    @ConfigProperty(name = "fuxi.admin.password")
    Optional<String> configuredPassword;

    @Inject
    @ConfigProperty(name = "fuxi.data-dir", defaultValue = "data")
    String dataDir;

    @PostConstruct
    void ensure() {
        Optional<String> user = configuredUser
                .map(value -> value.strip().toLowerCase(Locale.ROOT))
                .filter(value -> !value.isEmpty());
        Optional<String> password = configuredPassword.filter(value -> !value.isEmpty());
        if (user.isPresent() != password.isPresent()) {
            throw new IllegalStateException("Set both fuxi.admin.user and fuxi.admin.password, or neither");
        }
        if (user.isPresent()) {
            if (!AdminAccounts.USERNAME.matcher(user.get()).matches()) {
                throw new IllegalStateException(
                        "fuxi.admin.user must be 1 to 64 of a-z, 0-9, '.', '_', '@' and '-', starting with a letter or digit");
            }
            if (password.get().length() < SHORTEST_PASSWORD) {
                throw new IllegalStateException(
                        "fuxi.admin.password must have at least " + SHORTEST_PASSWORD + " characters");
            }
            if (!accounts.exists(user.get()) // a hash costs a slow PBKDF2 run: none on an ordinary start
                    && accounts.createIfAbsent(user.get(), password.get(), ConsoleRole.ADMIN)) {
                LOG.info("Console account " + user.get() + " from fuxi.admin.user registered");
            }
        } else if (accounts.none()) {
            String generated = KeySecrets.newSecret();
            if (accounts.createIfAbsent(GENERATED_USER, generated, ConsoleRole.ADMIN)) {
                Path file = OwnerOnlyFile.write(dataDir, FILE_NAME, generated);
                LOG.warning(Terminal.line("First start: the console at /admin has the account \"" + GENERATED_USER
                        + "\" with the password " + generated + " (shown only this once, also saved in " + file + ")"));
            }
        }
    }
}
