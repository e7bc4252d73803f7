package io.fuxi.admin.boundary;

import io.fuxi.destinations.boundary.DestinationStore;
import io.fuxi.destinations.boundary.RuleView;
import io.fuxi.security.boundary.ConsoleAccount;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;

/** Destination safety: the mode (block-list or allow-list) and the host rules, added and deleted. */
@Named
@ViewScoped
public class ManageDestinations implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    DestinationStore store;

    @Inject
    ConsoleAccount account;

    private String host;
    private String kind = "block";
    private String note;
    /** The rules as this view shows them, so that a row's button acts on the rule that row showed. */
    private List<RuleView> shown;

    private Boolean allowList;

    public List<RuleView> getRules() {
        if (shown == null) {
            shown = store.rules();
        }
        return shown;
    }

    public boolean isAllowList() {
        if (allowList == null) {
            allowList = store.allowListMode();
        }
        return allowList;
    }

    /** Switches from the mode this view shows to the other one, as its button says. */
    public void switchMode() {
        String other = isAllowList() ? "block" : "allow";
        boolean done = Messages.run(
                () -> {
                    account.caller().requireChanges();
                    store.mode(other);
                },
                "allow".equals(other)
                        ? "Allow-list mode: links may lead only to allowed hosts."
                        : "Block-list mode: links may lead anywhere but to blocked hosts.");
        if (done) {
            allowList = null;
        }
    }

    public void add() {
        boolean done = Messages.run(
                () -> {
                    account.caller().requireChanges();
                    // an empty field is no note; the store refuses a blank one from the API
                    store.add(host, kind, note == null || note.isBlank() ? null : note);
                },
                "Rule added: it applies to new links and redirects at once.");
        if (done) {
            host = null;
            note = null;
            shown = null;
        }
    }

    public void delete(long id, String ruleHost) {
        boolean done = Messages.run(
                () -> {
                    account.caller().requireChanges();
                    store.remove(id);
                },
                "Rule for " + ruleHost + " deleted.");
        if (done) {
            shown = null;
        }
    }

    public String getHost() {
        return host;
    }

    public void setHost(String host) {
        this.host = host;
    }

    public String getKind() {
        return kind;
    }

    public void setKind(String kind) {
        this.kind = kind;
    }

    public String getNote() {
        return note;
    }

    public void setNote(String note) {
        this.note = note;
    }
}
