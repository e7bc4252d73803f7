package io.fuxi.links.boundary;

import java.util.List;

/** One page of a caller's links, newest first, and whether another page follows. */
public record LinkPage(List<LinkView> links, int page, int size, boolean hasMore) {}
