package io.fuxi.admin.boundary;

import io.fuxi.codes.boundary.CodePoolTopUp;
import io.fuxi.codes.boundary.PoolStatus;
import io.fuxi.security.boundary.ConsoleAccount;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.json.JsonObject;
import java.io.Serializable;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The code pool as {@code GET /api/v1/pool} shows it, refreshed every two seconds while a batch loads; and adding a
 * batch.
 */
@Named
@ViewScoped
public class ManageCodePool implements Serializable {

    private static final long serialVersionUID = 1L;
    /** How long the page keeps polling after an add for the batch to show up: it starts on a background thread. */
    static final Duration START_GRACE = Duration.ofSeconds(10);

    @Inject
    PoolStatus pool;

    @Inject
    CodePoolTopUp topUp;

    @Inject
    ConsoleAccount account;

    @Inject
    Clock clock;

    private Long size;
    private Instant addedAt;
    /** Read once per request that shows it: see {@link #refresh}. */
    private transient JsonObject status;

    /** A batch as the page shows it, with how far it has got. */
    public record Batch(long id, long size, long loaded, String createdAt, String finishedAt) {

        public int percent() {
            return size == 0 ? 100 : (int) (loaded * 100 / size);
        }

        public boolean finished() {
            return finishedAt != null;
        }
    }

    /** The poll's listener: the figures are read again for the answer. */
    public void refresh() {
        status = null;
    }

    public void addBatch() {
        boolean done = Messages.run(
                () -> {
                    account.caller().requireChanges();
                    topUp.addBatch(size);
                },
                "Batch started: it loads in the background, and its progress shows below.");
        if (done) {
            size = null;
            addedAt = Instant.now(clock);
            status = null;
        }
    }

    /** Whether the page should keep refreshing: a batch is unfinished, or one was just asked for. */
    public boolean isPolling() {
        return getBatches().stream().anyMatch(batch -> !batch.finished())
                || (addedAt != null && Instant.now(clock).isBefore(addedAt.plus(START_GRACE)));
    }

    public long getLoaded() {
        return status().getJsonNumber("loadedSeq").longValue();
    }

    public long getHandedOut() {
        return status().getJsonNumber("nextSeq").longValue() - 1;
    }

    public long getRemaining() {
        return status().getJsonNumber("remaining").longValue();
    }

    public long getRecycledHeld() {
        return status().getJsonNumber("recycledHeld").longValue();
    }

    /** The recent batches, newest first. */
    public List<Batch> getBatches() {
        return status().getJsonArray("batches").getValuesAs(JsonObject.class).stream()
                .map(batch -> new Batch(
                        batch.getJsonNumber("id").longValue(),
                        batch.getJsonNumber("size").longValue(),
                        batch.getJsonNumber("loaded").longValue(),
                        batch.getString("createdAt"),
                        batch.getString("finishedAt", null)))
                .toList();
    }

    private JsonObject status() {
        if (status == null) {
            status = pool.read();
        }
        return status;
    }

    public Long getSize() {
        return size;
    }

    public void setSize(Long size) {
        this.size = size;
    }
}
