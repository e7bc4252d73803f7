package io.fuxi.admin.boundary;

import io.fuxi.security.boundary.ApiKeys;
import io.fuxi.security.boundary.ConsoleAccount;
import io.fuxi.security.boundary.KeyView;
import io.fuxi.security.boundary.NewKey;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;

/** The API keys: every key, a new one (its secret shown this once), and revoking one. */
@Named
@ViewScoped
public class ManageKeys implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    ApiKeys keys;

    @Inject
    ConsoleAccount account;

    private String name;
    private String role = "partner";
    private Integer rateLimitPerMinute;
    /** The keys as this view shows them, so that a row's button acts on the key that row showed. */
    private List<KeyView> shown;
    /** Transient: the secret never goes into a stored session, and is gone when the page is left. */
    private transient NewKey created;

    public List<KeyView> getKeys() {
        if (shown == null) {
            shown = keys.list();
        }
        return shown;
    }

    public void create() {
        boolean done = Messages.run(
                () -> {
                    account.caller().requireChanges();
                    created = keys.create(name, role, rateLimitPerMinute);
                },
                "Key created. Copy its secret now: it is shown only this once.");
        if (done) {
            name = null;
            role = "partner";
            rateLimitPerMinute = null;
            shown = null;
        }
    }

    public void revoke(long id) {
        boolean done = Messages.run(
                () -> {
                    account.caller().requireChanges();
                    keys.revoke(id);
                },
                "Key " + id + " revoked: its next call fails.");
        if (done) {
            shown = null;
        }
    }

    /** Hides the new key's secret once it has been copied. */
    public void forgetSecret() {
        created = null;
    }

    public KeyView getCreated() {
        return created == null ? null : created.key();
    }

    public String getSecret() {
        return created == null ? null : created.secret();
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public String getRole() {
        return role;
    }

    public void setRole(String role) {
        this.role = role;
    }

    public Integer getRateLimitPerMinute() {
        return rateLimitPerMinute;
    }

    public void setRateLimitPerMinute(Integer rateLimitPerMinute) {
        this.rateLimitPerMinute = rateLimitPerMinute;
    }
}
