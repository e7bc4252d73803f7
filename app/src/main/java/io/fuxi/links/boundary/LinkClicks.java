package io.fuxi.links.boundary;

import java.time.Instant;

/**
 * A link's click count, for the link's readers. The clicks component provides it: links must not depend on clicks,
 * which depends on links.
 */
public interface LinkClicks {

    /** Every redirect counted and flushed for the link with this code since it was created. */
    long totalClicks(String code, Instant createdAt);

    /** The redirects of people (bots left out) counted and flushed for the link since it was created. */
    long peopleClicks(String code, Instant createdAt);
}
