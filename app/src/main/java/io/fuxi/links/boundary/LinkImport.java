package io.fuxi.links.boundary;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One CSV import as it runs: how far it has got and each line's result, in order. Kept in memory by the node that
 * runs it (see {@link LinkImports}).
 */
public final class LinkImport {

    private final String id;
    private final String fileName;
    private final int total;
    private final Instant startedAt;
    private final List<BulkResult> results = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger created = new AtomicInteger();
    private final AtomicInteger existing = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();
    private volatile Instant finishedAt;
    private volatile String stoppedBy;

    LinkImport(String id, String fileName, int total, Instant startedAt) {
        this.id = id;
        this.fileName = fileName;
        this.total = total;
        this.startedAt = startedAt;
    }

    void add(List<BulkResult> chunk) {
        for (BulkResult result : chunk) {
            switch (result.status()) {
                case 201 -> created.incrementAndGet();
                case 200 -> existing.incrementAndGet();
                default -> failed.incrementAndGet();
            }
        }
        results.addAll(chunk);
    }

    void finish(Instant at, String failure) {
        stoppedBy = failure;
        finishedAt = at;
    }

    public String id() {
        return id;
    }

    public String fileName() {
        return fileName;
    }

    public int total() {
        return total;
    }

    public int done() {
        return results.size();
    }

    /** Lines done, in percent. */
    public int percent() {
        return total == 0 ? 100 : (int) (100L * done() / total);
    }

    public int created() {
        return created.get();
    }

    public int existing() {
        return existing.get();
    }

    public int failed() {
        return failed.get();
    }

    public Instant startedAt() {
        return startedAt;
    }

    public boolean isFinished() {
        return finishedAt != null;
    }

    /** Why the import stopped before its last line (the database went away, say), or null. */
    public String stoppedBy() {
        return stoppedBy;
    }

    /** The results so far, line by line (line 1 is the first link). */
    public List<BulkResult> results() {
        synchronized (results) {
            return List.copyOf(results);
        }
    }
}
