package io.fuxi.security.boundary;

import jakarta.inject.Inject;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.SessionCookieConfig;
import jakarta.servlet.annotation.WebListener;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The console's sessions (only the console makes any): they end after fuxi.admin.session-minutes without a request;
 * the cookie is HttpOnly, and Secure when the public base URL is https (a proxy in front may end TLS, so the
 * request's own scheme cannot tell). SameSite=Strict is set in glassfish-web.xml, the one place Payara reads it.
 */
@WebListener
public class ConsoleSessions implements ServletContextListener {

    @Inject
    @ConfigProperty(name = "fuxi.admin.session-minutes", defaultValue = "30")
    int sessionMinutes;

    @Inject
    @ConfigProperty(name = "fuxi.base-url")
    String baseUrl;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        event.getServletContext().setSessionTimeout(Math.max(1, sessionMinutes));
        SessionCookieConfig cookie = event.getServletContext().getSessionCookieConfig();
        cookie.setHttpOnly(true);
        cookie.setSecure(baseUrl.startsWith("https://"));
    }
}
