package io.fuxi.admin.boundary;

import io.fuxi.expiry.boundary.ExpiryOptions;
import io.fuxi.expiry.boundary.ExpiryPurge;
import io.fuxi.expiry.boundary.PurgeTotals;
import io.fuxi.platform.database.JobLease;
import io.fuxi.security.boundary.ConsoleAccount;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.Optional;

/** The expiry purge: its settings, what this node's runs have done and the last run's report; and a run started now. */
@Named
@RequestScoped
public class PurgeExpiredLinks {

    @Inject
    ExpiryPurge purge;

    @Inject
    ConsoleAccount account;

    private Optional<JobLease.FinishedRun> lastRunAnywhere;

    public ExpiryOptions getOptions() {
        return purge.options();
    }

    public PurgeTotals getTotals() {
        return purge.totals();
    }

    /** The last purge that finished on any node; read once a request. */
    public Optional<JobLease.FinishedRun> getLastRunAnywhere() {
        if (lastRunAnywhere == null) {
            lastRunAnywhere = purge.lastRunAnywhere();
        }
        return lastRunAnywhere;
    }

    /** Runs a purge on this node and waits for it; its report is then the last run's. */
    public void purgeNow() {
        Messages.run(
                () -> {
                    account.caller().requireChanges();
                    purge.purgeNow();
                },
                "Purge done: its report is below.");
    }
}
