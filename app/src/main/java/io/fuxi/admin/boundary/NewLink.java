package io.fuxi.admin.boundary;

import io.fuxi.domains.boundary.DomainView;
import io.fuxi.links.boundary.BulkResult;
import io.fuxi.links.boundary.DomainService;
import io.fuxi.links.boundary.LinkService;
import io.fuxi.platform.problem.Problem;
import io.fuxi.platform.problem.ProblemException;
import io.fuxi.platform.rest.Jsons;
import io.fuxi.security.boundary.ApiKeys;
import io.fuxi.security.boundary.ConsoleAccount;
import io.fuxi.security.boundary.KeyView;
import jakarta.faces.application.FacesMessage;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.json.JsonObjectBuilder;
import java.io.IOException;
import java.io.Serializable;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;

/**
 * The console's "New link" form: every field a create takes, checked by the API's own rules (the link is made as a
 * create of the chosen API key's, by the signed-in account), each refusal shown beside its field.
 */
@Named
@ViewScoped
public class NewLink implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The form's field for each field a create's problem may name. */
    private static final Map<String, String> FIELDS = Map.ofEntries(
            Map.entry("url", "url"),
            Map.entry("alias", "alias"),
            Map.entry("tags", "tags"),
            Map.entry("expiresAt", "expires"),
            Map.entry("validSince", "valid-since"),
            Map.entry("maxVisits", "max-visits"),
            Map.entry("fallbackUrl", "fallback"),
            Map.entry("password", "password"),
            Map.entry("redirectStatus", "status"),
            Map.entry("domain", "domain"),
            Map.entry("key", "owner"));

    @Inject
    LinkService links;

    @Inject
    ApiKeys keys;

    @Inject
    DomainService domainService;

    @Inject
    ConsoleAccount account;

    private Long owner;
    private String url;
    private String alias;
    private String tags;
    private LocalDateTime expiresAt;
    private LocalDateTime validSince;
    private Integer maxVisits;
    private String fallbackUrl;
    /** Read once, by the create of its request: never kept in the view's state (the session's) nor shown back. */
    private transient String password;

    private Integer redirectStatus;
    private Boolean forwardQuery;
    /** The host of the domain chosen; the default domain's (or none chosen): the create names no domain. */
    private String domain;

    private List<KeyView> activeKeys;
    private List<DomainView> domains;

    /** The active keys, read once per view. */
    public List<KeyView> getKeys() {
        if (activeKeys == null) {
            activeKeys = keys.active();
        }
        return activeKeys;
    }

    /** The domains, the default one first, read once per view. */
    public List<DomainView> getDomains() {
        if (domains == null) {
            domains = domainService.list();
        }
        return domains;
    }

    /** Makes the link and opens its page; or shows why not, beside the field at fault. */
    public void create() throws IOException {
        String typed = password;
        password = null;
        if (owner == null) {
            refuse(new Problem(400, "Bad Request", "choose the API key the link belongs to", "key"));
            return;
        }
        BulkResult result;
        try {
            result = links.createAll(
                            account.actingFor(owner), List.of(item(typed).build()))
                    .get(0);
        } catch (ProblemException refused) {
            refuse(refused.toProblem());
            return;
        }
        if (result.problem() != null) {
            refuse(result.problem());
            return;
        }
        Messages.info("Link " + result.link().code() + " created.");
        Messages.keepForRedirect();
        FacesContext faces = FacesContext.getCurrentInstance();
        faces.getExternalContext()
                .redirect(faces.getExternalContext().getRequestContextPath() + "/admin/links/link.xhtml?code="
                        + result.link().code());
    }

    /** The create as the API takes it: only the fields filled in (a password as typed, not stripped). */
    private JsonObjectBuilder item(String typed) {
        JsonObjectBuilder item =
                Jsons.object().add("url", url == null ? "" : url.strip()).add("new", true);
        if (alias != null && !alias.isBlank()) {
            item.add("alias", alias.strip());
        }
        if (tags != null && !tags.isBlank()) {
            item.add("tags", Jsons.array(SearchLinks.words(tags)));
        }
        if (expiresAt != null) {
            item.add("expiresAt", LinkDetails.utc(expiresAt));
        }
        if (validSince != null) {
            item.add("validSince", LinkDetails.utc(validSince));
        }
        if (maxVisits != null) {
            item.add("maxVisits", maxVisits);
        }
        if (fallbackUrl != null && !fallbackUrl.isBlank()) {
            item.add("fallbackUrl", fallbackUrl.strip());
        }
        if (typed != null && !typed.isBlank()) {
            item.add("password", typed);
        }
        if (redirectStatus != null) {
            item.add("redirectStatus", redirectStatus);
        }
        if (forwardQuery != null) {
            item.add("forwardQuery", forwardQuery);
        }
        if (domain != null
                && !domain.isBlank()
                && !domain.equals(domainService.byDefault().host())) {
            item.add("domain", domain); // the default domain's is sent as no domain at all
        }
        return item;
    }

    /** The problem beside its field (the form's messages when it names none the form has). */
    private static void refuse(Problem problem) {
        String field = problem.field() == null ? null : FIELDS.get(problem.field());
        FacesContext.getCurrentInstance()
                .addMessage(
                        field == null ? null : "new-link:" + field,
                        new FacesMessage(
                                FacesMessage.SEVERITY_ERROR,
                                problem.field() == null ? problem.detail() : problem.field() + ": " + problem.detail(),
                                null));
    }

    public Long getOwner() {
        return owner;
    }

    public void setOwner(Long owner) {
        this.owner = owner;
    }

    public String getUrl() {
        return url;
    }

    public void setUrl(String url) {
        this.url = url;
    }

    public String getAlias() {
        return alias;
    }

    public void setAlias(String alias) {
        this.alias = alias;
    }

    public String getTags() {
        return tags;
    }

    public void setTags(String tags) {
        this.tags = tags;
    }

    public LocalDateTime getExpiresAt() {
        return expiresAt;
    }

    public void setExpiresAt(LocalDateTime expiresAt) {
        this.expiresAt = expiresAt;
    }

    public LocalDateTime getValidSince() {
        return validSince;
    }

    public void setValidSince(LocalDateTime validSince) {
        this.validSince = validSince;
    }

    public Integer getMaxVisits() {
        return maxVisits;
    }

    public void setMaxVisits(Integer maxVisits) {
        this.maxVisits = maxVisits;
    }

    public String getFallbackUrl() {
        return fallbackUrl;
    }

    public void setFallbackUrl(String fallbackUrl) {
        this.fallbackUrl = fallbackUrl;
    }

    /** Always empty: the form never shows a password back. */
    public String getPassword() {
        return null;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    public Integer getRedirectStatus() {
        return redirectStatus;
    }

    public void setRedirectStatus(Integer redirectStatus) {
        this.redirectStatus = redirectStatus;
    }

    public Boolean getForwardQuery() {
        return forwardQuery;
    }

    public void setForwardQuery(Boolean forwardQuery) {
        this.forwardQuery = forwardQuery;
    }

    public String getDomain() {
        return domain;
    }

    public void setDomain(String domain) {
        this.domain = domain;
    }
}
