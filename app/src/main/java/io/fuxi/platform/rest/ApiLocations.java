package io.fuxi.platform.rest;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URI;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Where a new resource of the API is: under the public base URL (fuxi.base-url), never under the Host header a client
 * sent, which anyone can make up and a cache or a log could pass on as Fuxi's own address.
 */
@ApplicationScoped
public class ApiLocations {

    @Inject
    @ConfigProperty(name = "fuxi.base-url") // default in META-INF/microprofile-config.properties
    String baseUrl;

    private String api;

    @PostConstruct
    void prepare() {
        api = (baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl) + "/api/";
    }

    /** The absolute address of {@code path} under /api/ (e.g. {@code v1/links/abc123}). */
    public URI of(String path) {
        return URI.create(address(path));
    }

    /** {@link #of} as text. */
    public String address(String path) {
        return api + path;
    }
}
