package io.fuxi.domains.boundary;

/** Sent when a domain is added, changed or removed; the in-memory domains reload once the change is committed. */
public record DomainsChanged() {}
