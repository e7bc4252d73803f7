package io.fuxi.links.control;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;

/**
 * What the link rules need from configuration.
 *
 * @param baseUrl         the public base of short URLs (fuxi.base-url); links to its host are loops
 * @param maxUrlLength    the longest long URL accepted (fuxi.links.max-url-length)
 * @param defaultLifetime how long a link lives when the request names no expiry (fuxi.links.default-lifetime-days)
 * @param maxLifetime     the furthest expiry a request may ask for (fuxi.links.max-lifetime-days)
 * @param defaultRedirectStatus the status of a link that names none (fuxi.redirect.status)
 * @param defaultForwardQuery   whether a link that says nothing passes its short URL's query string on
 *                              (fuxi.redirect.forward-query)
 */
public record LinkOptions(
        URI baseUrl,
        int maxUrlLength,
        Duration defaultLifetime,
        Duration maxLifetime,
        int defaultRedirectStatus,
        boolean defaultForwardQuery) {

    public String shortUrl(String code) {
        String base = baseUrl.toString();
        return (base.endsWith("/") ? base : base + "/") + code;
    }

    /** The short URL of a code on a domain: the base URL with its host replaced (null: the default domain's). */
    public String shortUrl(String code, String domainHost) {
        if (domainHost == null) {
            return shortUrl(code);
        }
        try {
            URI onDomain =
                    new URI(baseUrl.getScheme(), null, domainHost, baseUrl.getPort(), baseUrl.getPath(), null, null);
            String base = onDomain.toString();
            return (base.endsWith("/") ? base : base + "/") + code;
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a host: " + domainHost, e);
        }
    }
}
