package io.fuxi.links.boundary;

import io.fuxi.links.control.BulkConflictException;
import io.fuxi.platform.database.TransactionConnection;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;

/**
 * Writes the checked creates of a bulk call in the call's transaction, on its connection ({@link LinkInserts}); the
 * new links are announced to the observers that wait for the commit.
 */
@Stateless
public class LinkWriter {

    @PersistenceContext
    EntityManager em;

    @Inject
    LinkInserts inserts;

    @Inject
    Event<LinkCreated> created;

    /**
     * One result per create, in order. An alias that another transaction took after it was looked up sinks them
     * all ({@link BulkConflictException}): the caller writes them again one by one.
     */
    public List<BulkResult> create(List<CheckedCreate> creates) {
        LinkInserts.Written written = TransactionConnection.apply(em, connection -> inserts.write(connection, creates));
        written.announce(created);
        return written.results();
    }
}
