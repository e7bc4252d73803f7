package io.fuxi.admin.boundary;

import io.fuxi.links.boundary.LinkFilter;
import io.fuxi.links.boundary.LinkService;
import io.fuxi.links.boundary.LinkView;
import io.fuxi.platform.rest.Jsons;
import io.fuxi.security.boundary.ApiKeys;
import io.fuxi.security.boundary.Caller;
import io.fuxi.security.boundary.ConsoleAccount;
import io.fuxi.security.boundary.KeyView;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.json.JsonObject;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.primefaces.component.datatable.DataTable;
import org.primefaces.model.DefaultStreamedContent;
import org.primefaces.model.FilterMeta;
import org.primefaces.model.LazyDataModel;
import org.primefaces.model.SortMeta;
import org.primefaces.model.SortOrder;
import org.primefaces.model.StreamedContent;

/** The links table: search, filter, page through all links, and change the selected ones together. */
@Named
@ViewScoped
public class SearchLinks implements Serializable {

    private static final long serialVersionUID = 1L;
    /** Counted no further: the paginator then offers 4,000 pages of 25, and the count stays quick at any size. */
    static final int COUNT_CAP = 100_000;
    /**
     * A search by URL text is counted no further than this: its matches are found through the word index and checked
     * in Java, so counting 100,000 of a common word would read them all, too slow for a page at a million links
     * (bench/console.sh; the figure is in docs/performance-history.md).
     */
    static final int TEXT_COUNT_CAP = 1_000;

    static final int EXTEND_DAYS = 30;

    @Inject
    LinkService links;

    @Inject
    ApiKeys keys;

    @Inject
    ConsoleAccount account;

    @Inject
    Clock clock;

    private String query;
    private Long owner;
    private LinkFilter.State state = LinkFilter.State.ANY;
    private LocalDate createdFrom;
    private LocalDate createdTo;
    private String tags;
    private List<String> tagFilter = List.of();
    private String bulkTag;
    private List<LinkView> selected = new ArrayList<>();
    private List<KeyView> keyList;
    private final LazyDataModel<LinkView> model = new Model();

    public LazyDataModel<LinkView> getModel() {
        return model;
    }

    /** Read once per view: the filter's list is asked for several times a request. */
    public List<KeyView> getKeys() {
        if (keyList == null) {
            keyList = keys.list();
        }
        return keyList;
    }

    public LinkFilter.State[] getStates() {
        return LinkFilter.State.values();
    }

    public String stateOf(LinkView link) {
        return link.stateAt(Instant.now(clock));
    }

    /** Shows the first page of what the filters now find; a bad tag is said, and the table stays as it was. */
    public void search() {
        List<String> given = tags == null ? List.of() : words(tags);
        if (!Messages.run(() -> tagFilter = links.checkedTags(given))) {
            return;
        }
        DataTable table =
                (DataTable) FacesContext.getCurrentInstance().getViewRoot().findComponent("links:table");
        table.setFirst(0);
        selected = new ArrayList<>();
    }

    /** What the filters find, as CSV, streamed as it is read (a search by URL text gives at most 100,000 links). */
    public StreamedContent getCsv() {
        Caller caller = account.caller();
        LinkFilter filter = filter(true);
        return DefaultStreamedContent.builder()
                .name("links-" + LocalDate.now(clock) + ".csv")
                .contentType("text/csv; charset=UTF-8")
                .writer(out -> export(caller, filter, out))
                .build();
    }

    private void export(Caller caller, LinkFilter filter, OutputStream out) {
        Writer csv = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        try {
            csv.write(CsvCells.line(
                    "code",
                    "short_url",
                    "url",
                    "key",
                    "created_at",
                    "expires_at",
                    "enabled",
                    "redirect_status",
                    "tags",
                    "valid_since",
                    "max_visits",
                    "visits_left",
                    "fallback_url",
                    "password_protected",
                    "domain"));
            links.forEach(caller, filter, COUNT_CAP, link -> {
                try {
                    csv.write(CsvCells.line(
                            link.code(),
                            links.shortUrl(link),
                            link.url(),
                            link.ownerKeyId(),
                            link.createdAt(),
                            link.expiresAt(),
                            link.enabled(),
                            link.redirectStatus(),
                            String.join("|", link.tags()),
                            link.validSince(),
                            link.maxVisits(),
                            link.visitsLeft(),
                            link.fallbackUrl(),
                            link.passwordProtected(),
                            links.domainOf(link)));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            csv.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void disableSelected() {
        changeSelected(Jsons.object().add("enabled", false).build(), "disabled");
    }

    public void enableSelected() {
        changeSelected(Jsons.object().add("enabled", true).build(), "enabled");
    }

    /** Moves the expiry of each selected link to 30 days from now. */
    public void extendSelected() {
        Instant until = Instant.now(clock).plus(Duration.ofDays(EXTEND_DAYS));
        changeSelected(
                Jsons.object().add("expiresAt", until.toString()).build(),
                "extended to " + until.toString().substring(0, 10));
    }

    /** Adds the tag in the toolbar's field to each selected link. */
    public void tagSelected() {
        changeSelected(
                Jsons.object().add("addTags", Jsons.array(words(bulkTag))).build(), "tagged");
    }

    /** Takes the tag in the toolbar's field from each selected link. */
    public void untagSelected() {
        changeSelected(
                Jsons.object().add("removeTags", Jsons.array(words(bulkTag))).build(), "untagged");
    }

    public void deleteSelected() {
        List<String> codes = codes();
        if (Messages.run(() -> links.deleteAll(account.caller(), codes), done(codes, "deleted"))) {
            selected = new ArrayList<>();
        }
    }

    private void changeSelected(JsonObject patch, String what) {
        List<String> codes = codes();
        if (Messages.run(() -> links.updateAll(account.caller(), codes, patch), done(codes, what))) {
            selected = new ArrayList<>();
        }
    }

    /** Tags typed into a field, separated by spaces. */
    static List<String> words(String text) {
        return text == null || text.isBlank() ? List.of() : List.of(text.strip().split("\\s+"));
    }

    private List<String> codes() {
        return selected.stream().map(LinkView::code).toList();
    }

    private static String done(List<String> codes, String what) {
        return codes.size() + (codes.size() == 1 ? " link " : " links ") + what + ".";
    }

    private LinkFilter filter(boolean newestFirst) {
        return new LinkFilter(
                Optional.ofNullable(query).map(String::strip).filter(text -> !text.isEmpty()),
                Optional.ofNullable(owner),
                state,
                Optional.ofNullable(createdFrom).map(day -> day.atStartOfDay().toInstant(ZoneOffset.UTC)),
                Optional.ofNullable(createdTo)
                        .map(day -> day.plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC)),
                newestFirst,
                tagFilter,
                Optional.empty());
    }

    /** Pages in the database: each page is one query, and the count stops at {@link #COUNT_CAP}. */
    private final class Model extends LazyDataModel<LinkView> {

        private static final long serialVersionUID = 1L;
        private transient List<LinkView> page = List.of();

        @Override
        public int count(Map<String, FilterMeta> filterBy) {
            LinkFilter filter = filter(true);
            return (int) links.count(account.caller(), filter, filter.query().isPresent() ? TEXT_COUNT_CAP : COUNT_CAP);
        }

        @Override
        public List<LinkView> load(
                int first, int size, Map<String, SortMeta> sortBy, Map<String, FilterMeta> filterBy) {
            boolean newestFirst = sortBy.values().stream().noneMatch(sort -> sort.getOrder() == SortOrder.ASCENDING);
            page = links.find(account.caller(), filter(newestFirst), first, size);
            return page;
        }

        @Override
        public String getRowKey(LinkView link) {
            return link.code();
        }

        @Override
        public LinkView getRowData(String code) {
            List<LinkView> rows = page == null ? List.of() : page;
            return rows.stream()
                    .filter(link -> link.code().equals(code))
                    .findFirst()
                    .orElse(null);
        }
    }

    public String getQuery() {
        return query;
    }

    public void setQuery(String query) {
        this.query = query;
    }

    public Long getOwner() {
        return owner;
    }

    public void setOwner(Long owner) {
        this.owner = owner;
    }

    public LinkFilter.State getState() {
        return state;
    }

    public void setState(LinkFilter.State state) {
        this.state = state == null ? LinkFilter.State.ANY : state;
    }

    public LocalDate getCreatedFrom() {
        return createdFrom;
    }

    public void setCreatedFrom(LocalDate createdFrom) {
        this.createdFrom = createdFrom;
    }

    public LocalDate getCreatedTo() {
        return createdTo;
    }

    public void setCreatedTo(LocalDate createdTo) {
        this.createdTo = createdTo;
    }

    public String getTags() {
        return tags;
    }

    public void setTags(String tags) {
        this.tags = tags;
    }

    public String getBulkTag() {
        return bulkTag;
    }

    public void setBulkTag(String bulkTag) {
        this.bulkTag = bulkTag;
    }

    public List<LinkView> getSelected() {
        return selected;
    }

    public void setSelected(List<LinkView> selected) {
        this.selected = selected;
    }
}
