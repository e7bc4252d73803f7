package io.fuxi.platform.rest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The largest request bodies the API reads: fuxi.api.max-body-bytes, and fuxi.api.max-bulk-body-bytes for bulk calls. */
@ApplicationScoped
public class BodyLimits {

    @Inject
    @ConfigProperty(name = "fuxi.api.max-body-bytes", defaultValue = "65536")
    long maxBytes;

    @Inject
    @ConfigProperty(name = "fuxi.api.max-bulk-body-bytes", defaultValue = "4194304")
    long maxBulkBytes;

    /** The limit of a call to this path (relative to the API's root or not). */
    public long forPath(String path) {
        return path.endsWith("/bulk") ? maxBulkBytes : maxBytes;
    }
}
