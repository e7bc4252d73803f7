package io.fuxi.admin.boundary;

import io.fuxi.clicks.boundary.ClickStats;
import io.fuxi.clicks.boundary.LinkStats;
import io.fuxi.domains.boundary.DomainView;
import io.fuxi.links.boundary.DomainService;
import io.fuxi.links.boundary.HistoryEntry;
import io.fuxi.links.boundary.LinkService;
import io.fuxi.links.boundary.LinkView;
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
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.Serializable;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/** One link: every field, its clicks and its history; edit or delete it. */
@Named
@ViewScoped
public class LinkDetails implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final int TOP = 10;

    /** The form's field for each field a change's problem may name that has its message beside it. */
    private static final Map<String, String> FIELDS =
            Map.of("password", "edit:password-field", "domain", "edit:domain-field");

    @Inject
    LinkService links;

    @Inject
    ClickStats clicks;

    @Inject
    ConsoleAccount account;

    @Inject
    ApiKeys keys;

    @Inject
    DomainService domains;

    @Inject
    Clock clock;

    private String code;
    private LinkView link;
    private String url;
    private LocalDateTime expiresAt;
    private boolean enabled;
    private int redirectStatus;
    private String tags;
    private LocalDateTime validSince;
    private Integer maxVisits;
    private String fallbackUrl;
    /** Read once, by the save of its request: never kept in the view's state (the session's) nor shown back. */
    private transient String password;

    private boolean removePassword;
    /** The host of the domain chosen for the link: the default domain's for the default one. */
    private String domain;

    private transient LinkStats stats;
    private transient List<HistoryEntry> history;
    private transient Map<Long, String> keyNames;
    private transient List<DomainView> domainChoices;

    /** Reads the link named by the page's {@code code} parameter (no link: the page says so). */
    public void load() {
        try {
            show(links.read(account.caller(), code));
        } catch (ProblemException unknown) {
            link = null;
        }
    }

    public void save() {
        String typedPassword = password;
        password = null;
        boolean newPassword = typedPassword != null && !typedPassword.isBlank();
        if (newPassword && removePassword) {
            refuse(new Problem(400, "Bad Request", "type a new password or remove it, not both", "password"));
            return;
        }
        JsonObjectBuilder patch =
                Jsons.object().add("url", url == null ? "" : url.strip()).add("enabled", enabled);
        if (expiresAt != null && !expiresAt.equals(shownExpiry())) {
            patch.add("expiresAt", utc(expiresAt)); // only when changed: see shownExpiry
        }
        if (redirectStatus != link.redirectStatus()) {
            patch.add("redirectStatus", redirectStatus); // only when changed: the link keeps following the default
        }
        List<String> typed = SearchLinks.words(tags);
        if (!typed.equals(link.tags())) {
            patch.add("tags", Jsons.array(typed));
        }
        if (!Objects.equals(validSince, shown(link.validSince()))) {
            patch.add("validSince", validSince == null ? JsonValue.NULL : Jsons.text(utc(validSince)));
        }
        if (!Objects.equals(maxVisits, link.maxVisits())) {
            patch.add("maxVisits", maxVisits == null ? JsonValue.NULL : Jsons.number(maxVisits));
        }
        String fallback = fallbackUrl == null || fallbackUrl.isBlank() ? null : fallbackUrl.strip();
        if (!Objects.equals(fallback, link.fallbackUrl())) {
            patch.add("fallbackUrl", fallback == null ? JsonValue.NULL : Jsons.text(fallback));
        }
        String chosenDomain =
                domain == null || domain.equals(domains.byDefault().host()) ? null : domain;
        if (!Objects.equals(chosenDomain, links.domainOf(link))) {
            patch.add("domain", chosenDomain == null ? JsonValue.NULL : Jsons.text(chosenDomain)); // null: the default
        }
        if (removePassword) {
            patch.add("password", JsonValue.NULL);
        } else if (newPassword) {
            patch.add("password", typedPassword); // as typed, not stripped; blank: unchanged
        }
        try {
            show(links.update(account.caller(), code, patch.build()));
        } catch (ProblemException refused) {
            refuse(refused.toProblem());
            return;
        }
        Messages.info("Saved.");
    }

    /** The problem beside its field when the form shows it there, and in the page's messages. */
    private static void refuse(Problem problem) {
        String field = problem.field() == null ? null : FIELDS.get(problem.field());
        FacesContext.getCurrentInstance()
                .addMessage(
                        field,
                        new FacesMessage(
                                FacesMessage.SEVERITY_ERROR,
                                problem.field() == null ? problem.detail() : problem.field() + ": " + problem.detail(),
                                null));
    }

    public void delete() throws IOException {
        if (Messages.run(() -> links.delete(account.caller(), code), "Link " + code + " deleted.")) {
            Messages.keepForRedirect();
            FacesContext faces = FacesContext.getCurrentInstance();
            faces.getExternalContext().redirect(faces.getExternalContext().getRequestContextPath() + "/admin/links/");
        }
    }

    /** Read once per page: a table asks for its rows several times a request. */
    public List<HistoryEntry> getHistory() {
        if (history == null) {
            history = link == null ? List.of() : links.history(account.caller(), code);
        }
        return history;
    }

    /** Who made a change, as people read it: {@code key 12 (partner-a)} or {@code account ann}. */
    public String who(String actor) {
        if (actor.startsWith("key:")) {
            if (keyNames == null) {
                keyNames = keys.list().stream().collect(Collectors.toMap(KeyView::id, KeyView::name));
            }
            String id = actor.substring(4);
            String name = keyNames.get(Long.parseLong(id));
            return "key " + id + (name == null ? "" : " (" + name + ")");
        }
        return actor.replaceFirst(":", " ");
    }

    /** The last 30 days' clicks (read once per page). */
    public LinkStats getStats() {
        if (stats == null) {
            LocalDate today = LocalDate.now(clock);
            stats = clicks.forLink(link.code(), link.createdAt(), today.minusDays(Dashboard.DAYS - 1), today);
        }
        return stats;
    }

    /** The last 30 days' clicks by people and bots and the unique visitors, as a Chart.js line chart. */
    public String getClicksChart() {
        Map<LocalDate, LinkStats.Day> byDay =
                getStats().days().stream().collect(Collectors.toMap(LinkStats.Day::date, Function.identity()));
        LocalDate today = LocalDate.now(clock);
        List<LinkStats.Day> days = today.minusDays(Dashboard.DAYS - 1)
                .datesUntil(today.plusDays(1))
                .map(day -> byDay.getOrDefault(day, new LinkStats.Day(day, 0, 0, 0)))
                .toList();
        return Charts.line(
                days.stream().map(day -> day.date().toString()).toList(),
                List.of(
                        new Charts.Series(
                                "Clicks by people",
                                days.stream().map(LinkStats.Day::clicks).toList()),
                        new Charts.Series(
                                "Clicks by bots",
                                days.stream().map(LinkStats.Day::botClicks).toList()),
                        new Charts.Series(
                                "Unique visitors",
                                days.stream().map(LinkStats.Day::uniqueVisitors).toList())));
    }

    public List<Map.Entry<String, Long>> getTopReferrers() {
        return getStats().topReferrers(TOP);
    }

    public List<Map.Entry<String, Long>> getTopCountries() {
        return getStats().topCountries(TOP);
    }

    public long getTotalClicks() {
        return clicks.totalClicks(link.code(), link.createdAt());
    }

    public String getState() {
        return link.stateAt(Instant.now(clock));
    }

    private void show(LinkView shown) {
        link = shown;
        stats = null;
        history = null;
        keyNames = null;
        url = shown.url();
        expiresAt = shownExpiry();
        enabled = shown.enabled();
        redirectStatus = shown.redirectStatus();
        tags = String.join(" ", shown.tags());
        validSince = shown(shown.validSince());
        maxVisits = shown.maxVisits();
        fallbackUrl = shown.fallbackUrl();
        password = null;
        removePassword = false;
        String host = links.domainOf(shown);
        domain = host == null ? domains.byDefault().host() : host;
    }

    /** A time as the form shows it, to the minute (null stays null). */
    private static LocalDateTime shown(Instant at) {
        return at == null ? null : LocalDateTime.ofInstant(at, ZoneOffset.UTC).truncatedTo(ChronoUnit.MINUTES);
    }

    /** A time the form took in UTC, as the API takes it. */
    static String utc(LocalDateTime at) {
        return at.toInstant(ZoneOffset.UTC).toString();
    }

    /** The expiry as the form shows it, to the minute: sending it back unchanged must not cut the link's seconds. */
    private LocalDateTime shownExpiry() {
        return shown(link.expiresAt());
    }

    public String getShortUrl() {
        return links.shortUrl(link);
    }

    /** The link's domain as the page names it: its host, the default's with "(default)". */
    public String getDomainShown() {
        String host = links.domainOf(link);
        return host == null ? domains.byDefault().host() + " (default)" : host;
    }

    /** The domains the link may be moved to, the default one first (read once per page). */
    public List<DomainView> getDomains() {
        if (domainChoices == null) {
            domainChoices = domains.list();
        }
        return domainChoices;
    }

    public String getDomain() {
        return domain;
    }

    public void setDomain(String domain) {
        this.domain = domain;
    }

    public LinkView getLink() {
        return link;
    }

    public String getCode() {
        return code;
    }

    public void setCode(String code) {
        this.code = code;
    }

    public String getUrl() {
        return url;
    }

    public void setUrl(String url) {
        this.url = url;
    }

    public LocalDateTime getExpiresAt() {
        return expiresAt;
    }

    public void setExpiresAt(LocalDateTime expiresAt) {
        this.expiresAt = expiresAt;
    }

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public int getRedirectStatus() {
        return redirectStatus;
    }

    public void setRedirectStatus(int redirectStatus) {
        this.redirectStatus = redirectStatus;
    }

    public String getTags() {
        return tags;
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

    public void setTags(String tags) {
        this.tags = tags;
    }

    /** Always empty: the form never shows a password back. */
    public String getPassword() {
        return null;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    public boolean isRemovePassword() {
        return removePassword;
    }

    public void setRemovePassword(boolean removePassword) {
        this.removePassword = removePassword;
    }
}
