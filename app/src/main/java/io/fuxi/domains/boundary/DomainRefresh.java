package io.fuxi.domains.boundary;

import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.inject.Inject;

/** Picks up domain changes made on other nodes. */
@Singleton
public class DomainRefresh {

    @Inject
    Domains domains;

    @Schedule(second = "*/30", minute = "*", hour = "*", persistent = false)
    void refresh() {
        domains.reload();
    }
}
