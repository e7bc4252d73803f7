package io.fuxi.links.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.net.URI;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Reads the link settings, each in this one place. */
@ApplicationScoped
public class LinkOptionsProducer {

    @Produces
    @Singleton
    LinkOptions options(
            @ConfigProperty(name = "fuxi.base-url")
                    String baseUrl, // default in META-INF/microprofile-config.properties
            @ConfigProperty(name = "fuxi.links.max-url-length", defaultValue = "2048") int maxUrlLength,
            @ConfigProperty(name = "fuxi.links.default-lifetime-days", defaultValue = "730") int defaultDays,
            @ConfigProperty(name = "fuxi.links.max-lifetime-days", defaultValue = "3650") int maxDays,
            @ConfigProperty(name = "fuxi.redirect.status", defaultValue = "302") int redirectStatus,
            @ConfigProperty(name = "fuxi.redirect.forward-query", defaultValue = "true") boolean forwardQuery) {
        if (!RedirectStatus.ALLOWED.contains(redirectStatus)) {
            throw new IllegalArgumentException(
                    "fuxi.redirect.status must be 301, 302, 307 or 308, not " + redirectStatus);
        }
        return new LinkOptions(
                URI.create(baseUrl),
                maxUrlLength,
                Duration.ofDays(defaultDays),
                Duration.ofDays(maxDays),
                redirectStatus,
                forwardQuery);
    }
}
