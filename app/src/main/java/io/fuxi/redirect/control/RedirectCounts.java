package io.fuxi.redirect.control;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.LongAdder;

/** Redirects by outcome and cache lookups by result, counted without a lock that request threads share. */
@ApplicationScoped
public class RedirectCounts {

    /** How a redirect request ended. */
    public enum Outcome {
        /** redirected, the link from the cache */
        HIT,
        /** redirected, the link read from the database */
        MISS,
        UNKNOWN,
        EXPIRED,
        DISABLED,
        BLOCKED,
        /** its validSince is ahead */
        NOT_YET_VALID,
        /** it had all the visits its limit allows */
        OVER_LIMIT,
        /** asked for its password: the form, a wrong password, or a wait */
        PASSWORD,
        /** not looked up: the database is out */
        UNAVAILABLE
    }

    private final LongAdder[] outcomes = new LongAdder[Outcome.values().length];
    private final LongAdder cacheHits = new LongAdder();
    private final LongAdder cacheMisses = new LongAdder();
    private final LongAdder early = new LongAdder();

    public RedirectCounts() {
        for (int i = 0; i < outcomes.length; i++) {
            outcomes[i] = new LongAdder();
        }
    }

    public void record(Outcome outcome) {
        outcomes[outcome.ordinal()].increment();
    }

    public long count(Outcome outcome) {
        return outcomes[outcome.ordinal()].sum();
    }

    /** A code answered by the launcher's valve, before the web container's request handling (ADRs 26 and 56). */
    public void recordEarly() {
        early.increment();
    }

    public long early() {
        return early.sum();
    }

    void cacheLookup(boolean hit) {
        (hit ? cacheHits : cacheMisses).increment();
    }

    public long cacheHits() {
        return cacheHits.sum();
    }

    public long cacheMisses() {
        return cacheMisses.sum();
    }
}
