package io.fuxi.links.boundary;

/** Sent when a link's deletion by its owner or an admin has committed: caches drop what they hold for the code. */
public record LinkDeleted(String code) {}
