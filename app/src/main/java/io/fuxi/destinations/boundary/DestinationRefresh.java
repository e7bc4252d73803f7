package io.fuxi.destinations.boundary;

import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.inject.Inject;

/** Picks up rule changes made on other nodes. */
@Singleton
public class DestinationRefresh {

    @Inject
    DestinationRules rules;

    @Schedule(second = "*/30", minute = "*", hour = "*", persistent = false)
    void refresh() {
        rules.reload();
    }
}
