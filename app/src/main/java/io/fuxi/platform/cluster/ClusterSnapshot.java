package io.fuxi.platform.cluster;

import java.util.function.Supplier;

/**
 * What every node keeps in memory of a few rows that change rarely (the destination rules, the domains): read at the
 * first use, read again on this node after a change made here, and dropped on the other nodes, which are told on a
 * topic of the cluster before the change is answered and read it again at their next use. A read that a change
 * overtook is used once but not kept.
 *
 * @param <T> what the rows become in memory
 */
public final class ClusterSnapshot<T> {

    private final Supplier<T> reader;
    private final Cluster.Topic changes;
    private volatile T current;
    private long changesHeard;

    /** @param topic the name of the cluster's topic that carries the word of a change */
    public ClusterSnapshot(Cluster cluster, String topic, Supplier<T> reader) {
        this.reader = reader;
        this.changes = cluster.topic(topic, changed -> forget());
    }

    public T current() {
        T known = current;
        return known == null ? load() : known;
    }

    /** Reads it again (a periodic refresh, in case a word from another node was missed). */
    public void reload() {
        load();
    }

    /** After a change committed on this node: reads it again, and tells the other nodes. */
    public void changed() {
        forget();
        load();
        changes.publish("changed");
    }

    private T load() {
        long heardBefore;
        synchronized (this) {
            heardBefore = changesHeard;
        }
        T loaded = reader.get();
        synchronized (this) {
            if (changesHeard == heardBefore) {
                current = loaded;
            }
        }
        return loaded;
    }

    private synchronized void forget() {
        changesHeard++;
        current = null;
    }
}
