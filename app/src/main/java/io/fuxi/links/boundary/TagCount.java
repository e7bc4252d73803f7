package io.fuxi.links.boundary;

/** A tag and how many links carry it. */
public record TagCount(String tag, long links) {}
