package io.fuxi.clicks.boundary;

import jakarta.inject.Inject;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/**
 * Flushes the counted clicks when the application stops. Payara Micro, stopped by a signal, destroys the web
 * application's context but does not call a singleton EJB's {@code @PreDestroy}, so this listener is where a graceful
 * stop gets its last flush.
 */
@WebListener
public class FlushOnStop implements ServletContextListener {

    @Inject
    ClickFlush flush;

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        flush.flushBeforeStop();
    }
}
