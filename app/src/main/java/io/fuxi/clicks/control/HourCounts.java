package io.fuxi.clicks.control;

/** Links created and clicks by people and by bots in one UTC hour across all links, as counted by this node. */
public final class HourCounts {

    long linksCreated;
    long clicks;
    long botClicks;

    public long linksCreated() {
        return linksCreated;
    }

    public long clicks() {
        return clicks;
    }

    public long botClicks() {
        return botClicks;
    }

    void addAll(HourCounts other) {
        linksCreated += other.linksCreated;
        clicks += other.clicks;
        botClicks += other.botClicks;
    }
}
