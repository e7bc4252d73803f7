package io.fuxi.links.boundary;

/** Sent when a link's change or deletion has committed: caches drop what they hold for the code. */
public record LinkChanged(String code) {
}
