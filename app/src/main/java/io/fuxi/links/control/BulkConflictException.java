package io.fuxi.links.control;

import jakarta.ejb.ApplicationException;

/** A bulk insert met an alias that another request took after it was checked; the batch is redone item by item. */
@ApplicationException(rollback = true)
public class BulkConflictException extends RuntimeException {

    public BulkConflictException(Throwable cause) {
        super("an alias was taken while the batch was written", cause);
    }
}
