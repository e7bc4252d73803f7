package io.fuxi.admin.boundary;

import io.fuxi.security.boundary.AccountView;
import io.fuxi.security.boundary.AdminAccounts;
import io.fuxi.security.boundary.ConsoleAccount;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;

/** The console's accounts: every account, a new one (its password shown this once), and deleting one. */
@Named
@ViewScoped
public class ManageAccounts implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    AdminAccounts accounts;

    @Inject
    ConsoleAccount account;

    private String username;
    private String role = "viewer";
    private List<AccountView> shown;
    /** Transient: the password never goes into a stored session, and is gone when the page is left. */
    private transient String createdName;

    private transient String password;

    public List<AccountView> getAccounts() {
        if (shown == null) {
            shown = accounts.list();
        }
        return shown;
    }

    public void create() {
        String name = username;
        if (Messages.run(
                () -> password = accounts.create(account.caller(), name, role),
                "Account created. Copy its password now: it is shown only this once.")) {
            createdName = name.strip().toLowerCase(java.util.Locale.ROOT);
            username = null;
            role = "viewer";
            shown = null;
        }
    }

    public void delete(String name) {
        if (Messages.run(() -> accounts.delete(account.caller(), name), "Account " + name + " deleted.")) {
            shown = null;
        }
    }

    public void forgetPassword() {
        password = null;
        createdName = null;
    }

    public String getCreatedName() {
        return createdName;
    }

    public String getPassword() {
        return password;
    }

    public String getUsername() {
        return username;
    }

    public void setUsername(String username) {
        this.username = username;
    }

    public String getRole() {
        return role;
    }

    public void setRole(String role) {
        this.role = role;
    }
}
