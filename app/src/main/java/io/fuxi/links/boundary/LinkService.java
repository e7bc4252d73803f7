package io.fuxi.links.boundary;

import io.fuxi.codes.boundary.CodeShape;
import io.fuxi.domains.boundary.Domains;
import io.fuxi.links.control.LinkFields;
import io.fuxi.links.control.LinkHistory;
import io.fuxi.links.control.LinkLifetime;
import io.fuxi.links.control.LinkOptions;
import io.fuxi.links.control.LinkPatch;
import io.fuxi.links.control.LinkRequest;
import io.fuxi.links.control.LinkTagIndex;
import io.fuxi.links.control.QrCode;
import io.fuxi.links.control.Tags;
import io.fuxi.links.control.UnknownLinkException;
import io.fuxi.links.entity.Link;
import io.fuxi.links.search.LinkListing;
import io.fuxi.links.search.LinkSearch;
import io.fuxi.links.search.LinkWordIndex;
import io.fuxi.links.search.SearchTerm;
import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.problem.ProblemException;
import io.fuxi.security.boundary.Caller;
import io.fuxi.security.boundary.LinkPasswords;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Reads, changes and deletes links, and creates them in bulk. Every request is checked in full (LinkRules) before a code
 * is taken from the pool. A partner key sees and changes only its own links; an admin key any link. Single creates go
 * through {@link LinkCreation}.
 */
@Stateless
public class LinkService {

    /**
     * The tag index's rows of links that are there: a node of the version before tags (during a rolling upgrade)
     * deletes a link without its index rows.
     */
    private static final String TAGGED_LINKS =
            " FROM link_tag t JOIN link l ON l.code = t.code AND l.created_at = t.created_at";

    private static final String TAG_COUNTS = "SELECT t.tag, COUNT(*)" + TAGGED_LINKS;

    private static final String TAGGED =
            "SELECT t.code, DATE_FORMAT(t.created_at, '%Y-%m-%dT%H:%i:%s.%fZ')" + TAGGED_LINKS;

    /** Links read per query of an export. */
    static final int EXPORT_CHUNK = 1000;

    @PersistenceContext
    EntityManager em;

    @Inject
    LinkOptions options;

    @Inject
    Clock clock;

    @Inject
    LinkWriter writer;

    @Inject
    LinkRules rules;

    @Inject
    Event<LinkChanged> changed;

    @Inject
    Event<LinkDeleted> deleted;

    @Inject
    LinkWordIndex words;

    @Inject
    LinkTagIndex tags;

    @Inject
    LinkClicks clicks;

    @Inject
    RecentUrls recentUrls;

    @Inject
    LinkSearch search;

    @Inject
    LinkHistory history;

    @Inject
    LinkPasswords passwords;

    @Inject
    ShortUrls shortUrls;

    @Inject
    Domains domains;

    @Inject
    LinkListing listing;

    /**
     * Many creates in one transaction: every item is checked on its own (a bad one gets its own problem and sinks
     * no other), and the valid ones are written together (see {@link LinkWriter}).
     */
    public List<BulkResult> createAll(Caller caller, List<JsonValue> items) {
        caller.requireChanges();
        Instant now = now();
        BulkResult[] results = new BulkResult[items.size()];
        List<Integer> positions = new ArrayList<>();
        List<CheckedCreate> valid = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            try {
                valid.add(rules.check(caller, LinkRequest.from(items.get(i)), now));
                positions.add(i);
            } catch (ProblemException problem) {
                results[i] = BulkResult.failed(problem.toProblem());
            }
        }
        List<BulkResult> written = writer.create(valid);
        for (int i = 0; i < positions.size(); i++) {
            results[positions.get(i)] = written.get(i);
        }
        return List.of(results);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public LinkView read(Caller caller, String code) {
        return view(visible(caller, code));
    }

    /**
     * The caller's links, newest first, with every one of the tags, on the domain with this host when one is named. A
     * query that is the code of one of the caller's links finds that link by its key; any other query searches URL
     * text through the word index (see {@link LinkSearch}).
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public LinkPage list(
            Caller caller, Optional<String> query, Tags tags, Optional<String> domain, int page, int size) {
        List<Link> rows;
        Optional<Integer> domainId =
                domain.map(host -> domains.named(Optional.of(host), "domain").id());
        if (!tags.isEmpty() && query.isEmpty() && domainId.isEmpty()) {
            rows = listing.tagged(caller.keyId(), tags.values(), page * size, size + 1);
        } else if (!tags.isEmpty() || domainId.isPresent()) {
            rows = listing.page(
                    LinkFilter.tagged(caller.keyId(), query, tags.values(), domainId), now(), page * size, size + 1);
        } else {
            Optional<Link> exact = query.filter(CodeShape::isCode)
                    .map(code -> em.find(Link.class, code))
                    .filter(link -> link.isOwnedBy(caller.keyId()));
            if (exact.isPresent()) {
                return new LinkPage(page == 0 ? List.of(view(exact.get())) : List.of(), page, size, false);
            }
            rows = query.isEmpty()
                    ? em.createNamedQuery(Link.BY_OWNER, Link.class)
                            .setParameter("owner", caller.keyId())
                            .setFirstResult(page * size)
                            .setMaxResults(size + 1)
                            .getResultList()
                    : search.page(caller.keyId(), SearchTerm.of(query.get()), page * size, size + 1);
        }
        boolean hasMore = rows.size() > size;
        List<LinkView> links = rows.stream().limit(size).map(this::view).toList();
        return new LinkPage(links, page, size, hasMore);
    }

    /** Tags as a caller gives them, checked and lower-cased (a problem on {@code tags} for a bad one). */
    public List<String> checkedTags(List<String> given) {
        return Tags.of(given, "tags").values();
    }

    /** The caller's tags (an admin's: every link's), by name, with how many links carry each. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<TagCount> tags(Caller caller) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = (caller.isAdmin()
                        ? em.createNativeQuery(TAG_COUNTS + " GROUP BY t.tag ORDER BY t.tag")
                        : em.createNativeQuery(TAG_COUNTS + " WHERE t.owner_key_id = ? GROUP BY t.tag ORDER BY t.tag")
                                .setParameter(1, caller.keyId()))
                .getResultList();
        return rows.stream()
                .map(row -> new TagCount((String) row[0], ((Number) row[1]).longValue()))
                .toList();
    }

    /** The codes of the caller's links (an admin's: any link) with the tag, and when each was made. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Map<String, Instant> tagged(Caller caller, String tag) {
        String checked = Tags.checked(tag, "tag");
        @SuppressWarnings("unchecked")
        List<Object[]> rows = (caller.isAdmin()
                        ? em.createNativeQuery(TAGGED + " WHERE t.tag = ?").setParameter(1, checked)
                        : em.createNativeQuery(TAGGED + " WHERE t.owner_key_id = ? AND t.tag = ?")
                                .setParameter(1, caller.keyId())
                                .setParameter(2, checked))
                .getResultList();
        Map<String, Instant> codes = new HashMap<>();
        for (Object[] row : rows) {
            codes.put((String) row[0], Instant.parse((String) row[1]));
        }
        return codes;
    }

    public LinkView update(Caller caller, String code, LinkPatch patch) {
        caller.requireChanges();
        Link link = visible(caller, code);
        JsonObject before = LinkFields.of(link, history.domainOf(link));
        Instant now = now();
        patch.url().map(rules::allowedUrl).ifPresent(url -> {
            words.remove(List.of(link)); // the words of the URL it had
            link.changeUrl(url);
            words.add(List.of(link));
            recentUrls.add(link.ownerKeyId(), link.urlHash(), link.createdAt()); // creates of the URL may get it
        });
        patch.expiresAt()
                .map(asked -> new LinkLifetime(options)
                        .expiresAt(Optional.of(asked), now)
                        .truncatedTo(ChronoUnit.MILLIS))
                .ifPresent(link::changeExpiry);
        patch.enabled().ifPresent(link::enable);
        patch.redirectStatus().ifPresent(link::changeRedirectStatus);
        if (patch.resetRedirectStatus()) {
            link.changeRedirectStatus(null);
        }
        patch.forwardQuery().ifPresent(link::changeForwardQuery);
        if (patch.resetForwardQuery()) {
            link.changeForwardQuery(null);
        }
        patch.validSince()
                .ifPresent(since -> link.changeValidSince(
                        since.map(at -> at.truncatedTo(ChronoUnit.MILLIS)).orElse(null)));
        if (link.validSince() != null) {
            try {
                LinkRules.checkValidSince(link.validSince(), link.expiresAt());
            } catch (InvalidFieldException refused) {
                throw patch.validSince().isPresent()
                        ? refused
                        : new InvalidFieldException("expiresAt", "expiresAt must be after the link's validSince");
            }
        }
        boolean newLimit = link.maxVisits() == null
                && patch.maxVisits().flatMap(max -> max).isPresent();
        patch.maxVisits().ifPresent(max -> link.changeMaxVisits(max.orElse(null)));
        patch.fallbackUrl()
                .ifPresent(fallback -> link.changeFallbackUrl(
                        fallback.map(rules::allowedFallbackUrl).orElse(null)));
        patch.domain()
                .ifPresent(host ->
                        link.moveToDomain(rules.allowedDomain(caller, host).id()));
        boolean passwordReplaced = link.passwordHash() != null
                && patch.password().flatMap(password -> password).isPresent();
        patch.password()
                .ifPresent(password ->
                        link.changePasswordHash(password.map(passwords::hash).orElse(null)));
        Tags tagged = patch.tagsAfter(Tags.stored(link.tags()));
        if (!tagged.equals(Tags.stored(link.tags()))) {
            tags.remove(List.of(link)); // the index rows of the tags it had
            link.changeTags(tagged.column());
            tags.add(List.of(link));
        }
        JsonObject after = LinkFields.of(link, history.domainOf(link));
        history.changed(
                link, before, passwordReplaced ? LinkFields.withPasswordReplaced(after) : after, caller.actor(), now);
        if (newLimit) {
            countVisitsSoFar(link);
        }
        changed.fire(new LinkChanged(code));
        return view(link);
    }

    /**
     * A link that gets a visit limit starts from the visits by people counted so far (as of the last click flush): only
     * a limited link counts them in its row.
     */
    private void countVisitsSoFar(Link link) {
        long people = clicks.peopleClicks(link.code(), link.createdAt());
        em.flush();
        em.createNativeQuery("UPDATE link SET visits = ? WHERE code = ?")
                .setParameter(1, (int) Math.min(people, Integer.MAX_VALUE))
                .setParameter(2, link.code())
                .executeUpdate();
        em.refresh(link);
    }

    /** Deletes the link; its history is cut to the record of the delete (see {@link LinkHistory#deleted}). */
    public void delete(Caller caller, String code) {
        caller.requireChanges();
        Link link = visible(caller, code);
        history.deleted(link, caller.actor(), now());
        words.remove(List.of(link));
        tags.remove(List.of(link));
        em.remove(link);
        deleted.fire(new LinkDeleted(code));
    }

    /** The change a JSON patch describes (as the API's PATCH takes it), checked by the same rules. */
    public LinkView update(Caller caller, String code, JsonValue patch) {
        return update(caller, code, LinkPatch.from(patch));
    }

    /** One change to several links, all or none. */
    public void updateAll(Caller caller, Collection<String> codes, JsonValue patch) {
        LinkPatch change = LinkPatch.from(patch);
        codes.forEach(code -> update(caller, code, change));
    }

    /** Deletes several links, all or none. */
    public void deleteAll(Caller caller, Collection<String> codes) {
        codes.forEach(code -> delete(caller, code));
    }

    /** For the console: a page of all links that pass the filter (an admin's or a viewer's reach only). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<LinkView> find(Caller caller, LinkFilter filter, int first, int max) {
        caller.requireAdmin();
        return listing.page(filter, now(), first, max).stream().map(this::view).toList();
    }

    /**
     * For the console's export: every link that passes the filter, newest first, handed over one by one as they are
     * read a thousand at a time (a search by URL text gives at most {@code textLimit} links).
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public void forEach(Caller caller, LinkFilter filter, int textLimit, Consumer<LinkView> each) {
        caller.requireAdmin();
        Instant now = now();
        if (filter.query().isPresent()) {
            listing.page(filter, now, 0, textLimit).forEach(link -> each.accept(view(link)));
            return;
        }
        List<Link> chunk = listing.after(filter, now, null, EXPORT_CHUNK);
        while (!chunk.isEmpty()) {
            chunk.forEach(link -> each.accept(view(link)));
            chunk = chunk.size() < EXPORT_CHUNK
                    ? List.of()
                    : listing.after(filter, now, chunk.get(chunk.size() - 1), EXPORT_CHUNK);
        }
    }

    /** For the console: how many links pass the filter, counted up to {@code cap}. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public long count(Caller caller, LinkFilter filter, int cap) {
        caller.requireAdmin();
        return listing.count(filter, now(), cap);
    }

    /** A QR code of the short URL of a link the caller has read: {@code png} or {@code svg}, {@code size} pixels wide. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public byte[] qr(LinkView link, String format, int size) {
        QrCode qr = QrCode.of(shortUrls.of(link), size);
        return switch (format) {
            case "png" -> qr.png();
            case "svg" -> qr.svg();
            default -> throw new InvalidFieldException("format", "format must be png or svg");
        };
    }

    /** How many links are bound to the domain with this id (0: the default domain); one read of an index. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public long countOnDomain(int domainId) {
        return ((Number) em.createNativeQuery("SELECT COUNT(*) FROM link WHERE domain_id = ?")
                        .setParameter(1, domainId)
                        .getSingleResult())
                .longValue();
    }

    /** The host of the domain the link answers on; null: the default domain. */
    public String domainOf(LinkView link) {
        return shortUrls.domainOf(link);
    }

    /** The link's short URL, on its domain. */
    public String shortUrl(LinkView link) {
        return shortUrls.of(link);
    }

    /**
     * The link's recorded changes, oldest first. A partner sees {@code console} where a console account made a change: the names of
     * the console's accounts are the admins' business.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<HistoryEntry> history(Caller caller, String code) {
        List<HistoryEntry> entries = history.of(visible(caller, code));
        return caller.isAdmin()
                ? entries
                : entries.stream().map(LinkService::withoutAccountName).toList();
    }

    private static HistoryEntry withoutAccountName(HistoryEntry entry) {
        return entry.actor().startsWith("account:")
                ? new HistoryEntry(entry.at(), "console", entry.action(), entry.before(), entry.after())
                : entry;
    }

    /** The link if the caller may see it; otherwise the same 404 as for a code nobody has, so as not to tell them apart. */
    private Link visible(Caller caller, String code) {
        Link link = CodeShape.isCode(code) ? em.find(Link.class, code) : null;
        if (link == null || !(caller.isAdmin() || link.isOwnedBy(caller.keyId()))) {
            throw new UnknownLinkException(code);
        }
        return link;
    }

    private LinkView view(Link link) {
        return LinkView.of(link, options);
    }

    private Instant now() {
        return Instant.now(clock).truncatedTo(ChronoUnit.MILLIS); // what DATETIME(3) keeps
    }
}
