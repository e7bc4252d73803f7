package io.fuxi.security.boundary;

import io.fuxi.platform.terminal.Terminal;
import io.fuxi.platform.time.AfterReady;
import io.fuxi.security.control.KeySecrets;
import io.fuxi.security.control.OwnerOnlyFile;
import io.fuxi.security.entity.ConsoleRole;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The console's first account: fuxi.admin.user and fuxi.admin.password when set (created if no account has that
 * name); otherwise, when there is no account yet, "admin" with a generated password that is printed once in the log
 * and saved in the data directory, readable by its owner only.
 *
 * <p>The settings are checked during the start, which fails on bad ones. The account itself is made a few seconds
 * later, after ready on a start of the two-core machine the benchmark runs on, or by the first sign-in if that comes
 * sooner: its password hash is a deliberately slow PBKDF2 run, slower still in a starting JVM, and a start is bound
 * by the CPU (ADR 46).
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class FirstAdminAccount {

    private static final Logger LOG = Logger.getLogger(FirstAdminAccount.class.getName());
    static final String FILE_NAME = "admin-password";
    static final String GENERATED_USER = "admin";
    static final int SHORTEST_PASSWORD = 12;

    @Inject
    AdminAccounts accounts;

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Inject
    @ConfigProperty(name = "fuxi.admin.user")
    Optional<String> configuredUser;

    @Inject
    @ConfigProperty(name = "fuxi.admin.password")
    Optional<String> configuredPassword;

    @Inject
    @ConfigProperty(name = "fuxi.data-dir", defaultValue = "data")
    String dataDir;

    /** The account this start is to make, until it is made; guarded by this. */
    private Pending pending;

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
            if (!accounts.exists(user.get())) { // a hash costs a slow PBKDF2 run: none on an ordinary start
                makeLater(new Pending(user.get(), password.get(), false));
            }
        } else if (accounts.none()) {
            makeLater(new Pending(GENERATED_USER, KeySecrets.newSecret(), true));
        }
    }

    /**
     * Makes the account this start has still to make, if any, before a sign-in checks a password; a sign-in that
     * comes while it is being made waits for it.
     */
    public synchronized void makePending() {
        if (pending == null) {
            return;
        }
        if (accounts.createIfAbsent(pending.user(), pending.password(), ConsoleRole.ADMIN)) {
            announce(pending);
        }
        pending = null; // made, by this node or, when it was there already, by another one
    }

    private synchronized void makeLater(Pending account) {
        pending = account;
        scheduler.schedule(this::makeScheduled, AfterReady.SECONDS, TimeUnit.SECONDS);
    }

    private void makeScheduled() {
        try {
            makePending();
        } catch (RuntimeException e) { // the database, say: the first sign-in tries again
            LOG.log(Level.WARNING, "The console's first account could not be made yet; a sign-in tries again", e);
        }
    }

    private void announce(Pending made) {
        if (!made.generated()) {
            LOG.info("Console account " + made.user() + " from fuxi.admin.user registered");
            return;
        }
        Path file = OwnerOnlyFile.write(dataDir, FILE_NAME, made.password());
        LOG.warning(Terminal.line(
                "First start: the console at /admin has the account \"" + made.user() + "\" with the password "
                        + Terminal.secret(made.password()) + " (shown only this once, also saved in " + file + ")"));
    }

    private record Pending(String user, String password, boolean generated) {}
}
