package io.fuxi.links.boundary;

import io.fuxi.links.control.BulkConflictException;
import io.fuxi.security.boundary.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonValue;
import java.util.List;

/**
 * Many creates in one call: all in one transaction, or, when another request took one of the batch's aliases after
 * it was checked, item by item, each in a transaction of its own. Has no transaction itself, so that each attempt
 * commits or rolls back on its own.
 */
@ApplicationScoped
public class BulkCreation {

    @Inject
    LinkService links;

    @Inject
    LinkCreation single;

    public List<BulkResult> create(Caller caller, List<JsonValue> items) {
        try {
            return links.createAll(caller, items);
        } catch (BulkConflictException race) {
            return items.stream().map(item -> single.createOne(caller, item)).toList();
        }
    }
}
