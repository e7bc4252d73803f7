package io.fuxi.clicks.boundary;

import io.fuxi.clicks.control.ClickRows;
import io.fuxi.links.boundary.LinkDeleted;
import io.fuxi.links.boundary.LinksPurged;
import io.fuxi.platform.database.DatabaseErrors;
import io.fuxi.platform.database.FuxiDataSource;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A deleted or purged link's clicks go with it: those waiting in memory are not written, and its rows are deleted
 * (the daily totals keep them). A row left behind by a failure is harmless: a code's rows count only from its link's
 * creation day.
 */
@ApplicationScoped
public class GoneLinkClicks {

    private static final Logger LOG = Logger.getLogger(GoneLinkClicks.class.getName());

    @Inject
    ClickRecorder recorder;

    @Resource(lookup = FuxiDataSource.JNDI_NAME)
    DataSource dataSource;

    void onDeleted(@Observes(during = TransactionPhase.AFTER_SUCCESS) LinkDeleted deleted) {
        forget(List.of(deleted.code()));
    }

    void onPurged(@Observes LinksPurged purged) {
        if (!purged.codes().isEmpty()) {
            forget(purged.codes());
        }
    }

    private void forget(List<String> codes) {
        recorder.forget(codes);
        try (Connection connection = dataSource.getConnection()) {
            ClickRows.delete(connection, codes);
        } catch (SQLException e) {
            DatabaseErrors.record(e);
            LOG.log(Level.WARNING, "Could not delete the click rows of " + codes.size() + " gone links", e);
        }
    }
}
