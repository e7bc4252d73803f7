package io.fuxi.security.entity;

/** What a key may do: an admin manages the service, a partner manages its own links. */
public enum Role {
    ADMIN,
    PARTNER
}
