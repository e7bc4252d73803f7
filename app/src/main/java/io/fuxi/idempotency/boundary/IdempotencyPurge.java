package io.fuxi.idempotency.boundary;

import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;
import java.util.logging.Logger;

/** Drops stored answers after 24 hours, in bounded deletes, every hour. Any node may run it: deletes are idempotent. */
@Singleton
@TransactionManagement(TransactionManagementType.BEAN)
public class IdempotencyPurge {

    private static final Logger LOG = Logger.getLogger(IdempotencyPurge.class.getName());
    private static final int BATCH = 5000;

    @Inject
    IdempotentRequests requests;

    @Schedule(minute = "17", hour = "*", persistent = false)
    void purge() {
        int total = 0;
        int deleted;
        do {
            deleted = requests.purge(BATCH);
            total += deleted;
        } while (deleted == BATCH);
        if (total > 0) {
            int purged = total;
            LOG.info(() -> "Dropped " + purged + " stored answers to idempotent requests older than 24 hours");
        }
    }
}
