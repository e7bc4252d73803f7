package io.fuxi.security.boundary;

import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.problem.ProblemException;
import io.fuxi.security.control.KeySecrets;
import io.fuxi.security.control.PasswordHashing;
import io.fuxi.security.entity.AdminAccount;
import io.fuxi.security.entity.ConsoleRole;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/** The console's accounts: checks a password; lists, creates and deletes accounts. */
@Stateless
public class AdminAccounts {

    /** The names sign-in accepts; see ConsoleSignIn. */
    static final Pattern USERNAME = Pattern.compile("[a-z0-9][a-z0-9._@-]{0,63}");

    @PersistenceContext
    EntityManager em;

    @Inject
    PasswordHashing passwords;

    @Inject
    Clock clock;

    /** The account's role when the password is right (and its sign-in is recorded); empty otherwise. */
    public Optional<ConsoleRole> signIn(String username, String password) {
        Optional<AdminAccount> account = find(username);
        if (!passwords.matches(password, account.map(AdminAccount::passwordHash))) {
            return Optional.empty();
        }
        account.get().signedIn(Instant.now(clock));
        return account.map(AdminAccount::role);
    }

    public List<AccountView> list() {
        return em.createNamedQuery(AdminAccount.ALL, AdminAccount.class)
                .getResultStream()
                .map(account -> new AccountView(
                        account.username(), account.role().roleName(), account.createdAt(), account.lastLoginAt()))
                .toList();
    }

    /**
     * A new account with a generated password, which is answered this once and kept only as a hash. A name is 1 to 64
     * of {@code a-z 0-9 . _ @ -} (compared ignoring case); the role {@code admin} or {@code viewer}.
     */
    public String create(Caller caller, String username, String role) {
        caller.requireChanges();
        String name = username == null ? "" : username.strip().toLowerCase(Locale.ROOT);
        if (!USERNAME.matcher(name).matches()) {
            throw new InvalidFieldException(
                    "username",
                    "a name is 1 to 64 of a-z, 0-9, '.', '_', '@' and '-', starting with a letter or digit");
        }
        ConsoleRole granted = Arrays.stream(ConsoleRole.values())
                .filter(candidate -> candidate.roleName().equals(role))
                .findFirst()
                .orElseThrow(() -> new InvalidFieldException("role", "role must be admin or viewer"));
        String password = KeySecrets.newSecret();
        if (!createIfAbsent(name, password, granted)) {
            throw new ProblemException(409, "Conflict", "an account named " + name + " exists", "username");
        }
        return password;
    }

    /** Deletes an account; never the one the caller is signed in with, nor the last admin. */
    public void delete(Caller caller, String username) {
        caller.requireChanges();
        AdminAccount account = find(username == null ? "" : username)
                .orElseThrow(
                        () -> new ProblemException(404, "Not Found", "no account is named " + username, "username"));
        if (caller.actor().equals("account:" + account.username())) {
            throw new ProblemException(
                    409, "Conflict", "you cannot delete the account you are signed in with", "username");
        }
        if (account.role() == ConsoleRole.ADMIN
                && em.createNamedQuery(AdminAccount.COUNT_ROLE, Long.class)
                                .setParameter("role", ConsoleRole.ADMIN)
                                .getSingleResult()
                        == 1) {
            throw new ProblemException(
                    409, "Conflict", "this is the last admin account; create another first", "username");
        }
        em.remove(account);
    }

    /** The account's role now: empty once the account is deleted. */
    public Optional<ConsoleRole> roleOf(String username) {
        return find(username).map(AdminAccount::role);
    }

    public boolean exists(String username) {
        return find(username).isPresent();
    }

    public boolean none() {
        return em.createNamedQuery(AdminAccount.COUNT, Long.class).getSingleResult() == 0;
    }

    /**
     * Creates the account unless one has its name. An INSERT IGNORE against the unique name, so that two nodes
     * starting together for the first time create exactly one; returns whether this call created it.
     */
    public boolean createIfAbsent(String username, String password, ConsoleRole role) {
        return em.createNativeQuery(
                                "INSERT IGNORE INTO admin_account (username, password_hash, role, created_at) VALUES (?, ?, ?, ?)")
                        .setParameter(1, username)
                        .setParameter(2, passwords.hash(password))
                        .setParameter(3, role.name())
                        .setParameter(4, Timestamp.from(Instant.now(clock)))
                        .executeUpdate()
                == 1;
    }

    private Optional<AdminAccount> find(String username) {
        return em.createNamedQuery(AdminAccount.BY_NAME, AdminAccount.class)
                .setParameter("username", username)
                .getResultStream()
                .findFirst();
    }
}
