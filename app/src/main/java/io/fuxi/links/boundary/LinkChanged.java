package io.fuxi.links.boundary;

/** Sent when a change to a link (its URL, expiry, state or status) has committed: caches drop what they hold for the code. */
public record LinkChanged(String code) {}
