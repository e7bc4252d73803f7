package io.fuxi.links.boundary;

import io.fuxi.codes.boundary.CodeAllocator;
import io.fuxi.links.control.AliasPolicy;
import io.fuxi.links.control.AliasTakenException;
import io.fuxi.links.control.CodeShape;
import io.fuxi.links.control.ExpiryPolicy;
import io.fuxi.links.control.LinkOptions;
import io.fuxi.links.control.LinkRequest;
import io.fuxi.links.control.UrlPolicy;
import io.fuxi.links.entity.Link;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/** Creates and reads links. Every request is checked in full before a code is taken from the pool. */
@Stateless
public class LinkService {

    @PersistenceContext
    EntityManager em;

    @Inject
    CodeAllocator codes;

    @Inject
    LinkOptions options;

    @Inject
    Clock clock;

    @Inject
    Event<LinkCreated> created;

    public LinkView create(long ownerKeyId, LinkRequest request) {
        Instant now = Instant.now(clock).truncatedTo(ChronoUnit.MILLIS); // what DATETIME(3) keeps
        String url = new UrlPolicy(options).normalize(request.url());
        Instant expiresAt = new ExpiryPolicy(options).expiresAt(request.expiresAt(), now).truncatedTo(ChronoUnit.MILLIS);
        Optional<String> alias = request.alias().map(AliasPolicy::check);
        if (alias.isPresent() && em.find(Link.class, alias.get()) != null) {
            throw new AliasTakenException(alias.get());
        }
        Link link = new Link(alias.orElseGet(codes::next), url, ownerKeyId, now, expiresAt);
        try {
            em.persist(link);
            em.flush();
        } catch (PersistenceException e) {
            // two callers raced for the same alias; a generated code cannot collide
            throw alias.<RuntimeException>map(AliasTakenException::new).orElse(e);
        }
        created.fire(new LinkCreated(link.code(), link.url(), link.expiresAt()));
        return LinkView.of(link);
    }

    public Optional<LinkView> find(String code) {
        if (!CodeShape.matches(code)) {
            return Optional.empty(); // cannot exist; and the database need not see arbitrary text
        }
        return Optional.ofNullable(em.find(Link.class, code)).map(LinkView::of);
    }
}
