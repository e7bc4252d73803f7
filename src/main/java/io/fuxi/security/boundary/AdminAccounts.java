package io.fuxi.security.boundary;

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
import java.util.Optional;

/** The console's accounts: checks a password, and creates the first account. */
@Stateless
public class AdminAccounts {

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
