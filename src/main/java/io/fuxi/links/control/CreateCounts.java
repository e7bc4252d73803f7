package io.fuxi.links.control;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.LongAdder;

/** Creates since the start: single links made, bulk items made, and creates refused with a problem. */
@ApplicationScoped
public class CreateCounts {

    private final LongAdder single = new LongAdder();
    private final LongAdder bulkItems = new LongAdder();
    private final LongAdder refused = new LongAdder();

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

    public long singles() {
        return single.sum();
    }

    public long bulkItems() {
        return bulkItems.sum();
    }

    public long refusals() {
        return refused.sum();
    }
}
