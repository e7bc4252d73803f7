package io.fuxi.links.boundary;

import java.util.List;

/**
 * Sent when links' creation has committed (one, or a bulk call's): caches learn of them, and every node forgets that
 * their codes were unknown.
 */
public record LinkCreated(List<LinkView> links) {

    public LinkCreated {
        links = List.copyOf(links);
    }
}
