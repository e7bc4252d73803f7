package io.fuxi.links.control;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.LongAdder;

/**
 * Creates since the start: single links made, bulk items made, and creates refused with a problem; and where creates
 * learnt whether their key had made a link for the same URL: from the same-URL filter or from the database (ADR 41);
 * and the single creates the launcher's valve answered (ADR 45).
 */
@ApplicationScoped
public class CreateCounts {

    private final LongAdder single = new LongAdder();
    private final LongAdder bulkItems = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private final LongAdder sameUrlFromFilter = new LongAdder();
    private final LongAdder sameUrlFromDatabase = new LongAdder();
    private final LongAdder early = new LongAdder();

    public void single() {
        single.increment();
    }

    public void bulkItems(long made, long failed) {
        bulkItems.add(made);
        refused.add(failed);
    }

    public void refused() {
        refused.increment();
    }

    /** A single create answered by the launcher's valve, ahead of the web container (ADR 45), whatever its answer. */
    public void answeredEarly() {
        early.increment();
    }

    public void sameUrlAsked(boolean filterAnswered) {
        (filterAnswered ? sameUrlFromFilter : sameUrlFromDatabase).increment();
    }

    public long singles() {
        return single.sum();
    }

    public long bulkItems() {
        return bulkItems.sum();
    }

    public long refusals() {
        return refused.sum();
    }

    public long earlyAnswers() {
        return early.sum();
    }

    public long sameUrlFromFilter() {
        return sameUrlFromFilter.sum();
    }

    public long sameUrlFromDatabase() {
        return sameUrlFromDatabase.sum();
    }
}
