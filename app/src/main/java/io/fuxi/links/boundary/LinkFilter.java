package io.fuxi.links.boundary;

import java.time.Instant;
import java.util.Optional;

/**
 * What the console's link table shows: every filter is optional and they all apply together.
 *
 * @param query       a code (that one link) or URL text (searched through the word index, as the API's {@code q})
 * @param owner       the id of the API key that owns the links
 * @param createdFrom links created at or after
 * @param createdTo   links created before
 */
public record LinkFilter(
        Optional<String> query,
        Optional<Long> owner,
        State state,
        Optional<Instant> createdFrom,
        Optional<Instant> createdTo,
        boolean newestFirst) {

    public enum State {
        ANY,
        LIVE,
        EXPIRED,
        DISABLED
    }

    public static LinkFilter all() {
        return new LinkFilter(Optional.empty(), Optional.empty(), State.ANY, Optional.empty(), Optional.empty(), true);
    }
}
