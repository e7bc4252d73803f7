package io.fuxi.links.boundary;

/** Sent when a link's creation has committed: caches learn of it, and forget that its code was unknown. */
public record LinkCreated(LinkView link) {}
