package io.fuxi.admin.boundary;

import io.fuxi.domains.boundary.DomainView;
import io.fuxi.links.boundary.DomainService;
import io.fuxi.platform.problem.Problem;
import io.fuxi.platform.problem.ProblemException;
import io.fuxi.platform.rest.Jsons;
import io.fuxi.security.boundary.ConsoleAccount;
import jakarta.faces.application.FacesMessage;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The short domains: every one (the default first) with its links, a new one, its three URLs changed and removing one,
 * each as the API does it (DomainService), each refusal shown beside its field.
 */
@Named
@ViewScoped
public class ManageDomains implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The add form's field for each field a create's problem may name. */
    private static final Map<String, String> ADD_FIELDS = Map.of(
            "host", "domains:host",
            "rootUrl", "domains:root-url",
            "notFoundUrl", "domains:not-found-url",
            "fallbackUrl", "domains:fallback-url");

    /** The edit form's field for each field a change's problem may name (a host that is gone: the page's messages). */
    private static final Map<String, String> EDIT_FIELDS = Map.of(
            "rootUrl", "domains:edit-root-url",
            "notFoundUrl", "domains:edit-not-found-url",
            "fallbackUrl", "domains:edit-fallback-url");

    @Inject
    DomainService domains;

    @Inject
    ConsoleAccount account;

    private String host;
    private String rootUrl;
    private String notFoundUrl;
    private String fallbackUrl;

    /** The domain being edited, as it was when its Edit button was pressed; null: none. */
    private DomainView editing;

    private String editRootUrl;
    private String editNotFoundUrl;
    private String editFallbackUrl;

    /** The domains as this view shows them, so that a row's button acts on the domain that row showed. */
    private List<Row> shown;

    /** A domain as the table shows it: with the number of links bound to it. */
    public record Row(DomainView domain, long links) implements Serializable {}

    public List<Row> getDomains() {
        if (shown == null) {
            shown = domains.list().stream()
                    .map(domain -> new Row(domain, domains.links(domain)))
                    .toList();
        }
        return shown;
    }

    public void add() {
        JsonObjectBuilder create = Jsons.object().add("host", host == null ? "" : host.strip());
        addUrl(create, "rootUrl", rootUrl);
        addUrl(create, "notFoundUrl", notFoundUrl);
        addUrl(create, "fallbackUrl", fallbackUrl);
        DomainView added;
        try {
            added = domains.add(account.caller(), create.build());
        } catch (ProblemException refused) {
            refuse(refused.toProblem(), ADD_FIELDS);
            return;
        }
        Messages.info("Domain " + added.host() + " added.");
        host = null;
        rootUrl = null;
        notFoundUrl = null;
        fallbackUrl = null;
        shown = null;
    }

    /** Opens the edit form on the domain of this row. */
    public void edit(String domainHost) {
        editing = getDomains().stream()
                .map(Row::domain)
                .filter(domain -> domain.host().equals(domainHost) && !domain.isDefault())
                .findFirst()
                .orElse(null);
        if (editing != null) {
            editRootUrl = editing.rootUrl();
            editNotFoundUrl = editing.notFoundUrl();
            editFallbackUrl = editing.fallbackUrl();
        }
    }

    /** Saves the URLs changed in the edit form: only those (an empty field removes one). */
    public void save() {
        if (editing == null) {
            return;
        }
        JsonObjectBuilder patch = Jsons.object();
        changeUrl(patch, "rootUrl", editRootUrl, editing.rootUrl());
        changeUrl(patch, "notFoundUrl", editNotFoundUrl, editing.notFoundUrl());
        changeUrl(patch, "fallbackUrl", editFallbackUrl, editing.fallbackUrl());
        DomainView saved;
        try {
            saved = domains.change(account.caller(), editing.host(), patch.build());
        } catch (ProblemException refused) {
            refuse(refused.toProblem(), EDIT_FIELDS);
            return;
        }
        Messages.info("Domain " + saved.host() + " saved.");
        cancel();
        shown = null;
    }

    /** Closes the edit form without saving. */
    public void cancel() {
        editing = null;
        editRootUrl = null;
        editNotFoundUrl = null;
        editFallbackUrl = null;
    }

    public void remove(String domainHost) {
        boolean done =
                Messages.run(() -> domains.remove(account.caller(), domainHost), "Domain " + domainHost + " removed.");
        if (done) {
            if (editing != null && editing.host().equals(domainHost)) {
                cancel();
            }
            shown = null;
        }
    }

    /** A URL of a new domain, when one is typed. */
    private static void addUrl(JsonObjectBuilder create, String field, String typed) {
        if (typed != null && !typed.isBlank()) {
            create.add(field, typed.strip());
        }
    }

    /** A URL of the domain, only when it differs from the one shown: JSON null when the field was emptied. */
    private static void changeUrl(JsonObjectBuilder patch, String field, String typed, String was) {
        String url = typed == null || typed.isBlank() ? null : typed.strip();
        if (!Objects.equals(url, was)) {
            patch.add(field, url == null ? JsonValue.NULL : Jsons.text(url));
        }
    }

    /** The problem beside its field (when it names one of the form's) and in the page's messages. */
    private static void refuse(Problem problem, Map<String, String> fields) {
        String field = problem.field() == null ? null : fields.get(problem.field());
        FacesContext.getCurrentInstance()
                .addMessage(
                        field,
                        new FacesMessage(
                                FacesMessage.SEVERITY_ERROR,
                                problem.field() == null ? problem.detail() : problem.field() + ": " + problem.detail(),
                                null));
    }

    public DomainView getEditing() {
        return editing;
    }

    public String getHost() {
        return host;
    }

    public void setHost(String host) {
        this.host = host;
    }

    public String getRootUrl() {
        return rootUrl;
    }

    public void setRootUrl(String rootUrl) {
        this.rootUrl = rootUrl;
    }

    public String getNotFoundUrl() {
        return notFoundUrl;
    }

    public void setNotFoundUrl(String notFoundUrl) {
        this.notFoundUrl = notFoundUrl;
    }

    public String getFallbackUrl() {
        return fallbackUrl;
    }

    public void setFallbackUrl(String fallbackUrl) {
        this.fallbackUrl = fallbackUrl;
    }

    public String getEditRootUrl() {
        return editRootUrl;
    }

    public void setEditRootUrl(String editRootUrl) {
        this.editRootUrl = editRootUrl;
    }

    public String getEditNotFoundUrl() {
        return editNotFoundUrl;
    }

    public void setEditNotFoundUrl(String editNotFoundUrl) {
        this.editNotFoundUrl = editNotFoundUrl;
    }

    public String getEditFallbackUrl() {
        return editFallbackUrl;
    }

    public void setEditFallbackUrl(String editFallbackUrl) {
        this.editFallbackUrl = editFallbackUrl;
    }
}
