package io.fuxi.security.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;

/** A person who signs in to the console. Only a slow salted hash of the password is kept. */
@Entity
@Table(name = "admin_account")
@NamedQuery(name = AdminAccount.BY_NAME, query = "select a from AdminAccount a where a.username = :username")
@NamedQuery(name = AdminAccount.COUNT, query = "select count(a) from AdminAccount a")
@NamedQuery(name = AdminAccount.ALL, query = "select a from AdminAccount a order by a.username")
@NamedQuery(name = AdminAccount.COUNT_ROLE, query = "select count(a) from AdminAccount a where a.role = :role")
public class AdminAccount {

    public static final String BY_NAME = "AdminAccount.byName";
    public static final String COUNT = "AdminAccount.count";
    public static final String ALL = "AdminAccount.all";
    public static final String COUNT_ROLE = "AdminAccount.countRole";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private long id;

    private String username;

    @Column(name = "password_hash")
    private String passwordHash;

    @Enumerated(EnumType.STRING)
    private ConsoleRole role;

    @Column(name = "created_at")
    private Instant createdAt;

    @Column(name = "last_login_at")
    private Instant lastLoginAt;

    protected AdminAccount() {}

    public AdminAccount(String username, String passwordHash, ConsoleRole role, Instant createdAt) {
        this.username = username;
        this.passwordHash = passwordHash;
        this.role = role;
        this.createdAt = createdAt;
    }

    public String username() {
        return username;
    }

    public String passwordHash() {
        return passwordHash;
    }

    public ConsoleRole role() {
        return role;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant lastLoginAt() {
        return lastLoginAt;
    }

    public void signedIn(Instant at) {
        lastLoginAt = at;
    }
}
