package io.fuxi.links.boundary;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What the console's link table shows: every filter is optional and they all apply together.
 *
 * @param query       a code (that one link) or URL text (searched through the word index, as the API's {@code q})
 * @param owner       the id of the API key that owns the links
 * @param createdFrom links created at or after
 * @param createdTo   links created before
 * @param tags        links with every one of these tags (as given: checked as the filter is used)
 * @param domainId    links on the domain with this id (0: the default domain)
 */
public record LinkFilter(
        Optional<String> query,
        Optional<Long> owner,
        State state,
        Optional<Instant> createdFrom,
        Optional<Instant> createdTo,
        boolean newestFirst,
        List<String> tags,
        Optional<Integer> domainId) {

    public enum State {
        ANY,
        LIVE,
        EXPIRED,
        DISABLED
    }

    public static LinkFilter all() {
        return new LinkFilter(
                Optional.empty(),
                Optional.empty(),
                State.ANY,
                Optional.empty(),
                Optional.empty(),
                true,
                List.of(),
                Optional.empty());
    }

    /** The links of one owner with every one of the tags (on one domain, when given), as the API lists them. */
    public static LinkFilter tagged(long owner, Optional<String> query, List<String> tags, Optional<Integer> domainId) {
        return new LinkFilter(
                query, Optional.of(owner), State.ANY, Optional.empty(), Optional.empty(), true, tags, domainId);
    }
}
