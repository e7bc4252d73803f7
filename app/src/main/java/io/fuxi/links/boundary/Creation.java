package io.fuxi.links.boundary;

/** The answer to a create: the link, and whether it was made now or is the caller's recent link for the same URL. */
public record Creation(LinkView link, boolean created) {}
