package io.fuxi.platform.rest;

import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.servers.Server;

/**
 * Keeps the document served at /openapi within the OpenAPI specification (mp.openapi.filter). Payara Micro 6 adds a
 * root property {@code endpoints} that the specification does not allow (Payara 7 writes it as {@code x-endpoints});
 * it is written only when not empty, so this filter empties it. Server URLs lose a trailing slash, which would double
 * the slash before every path.
 */
public class StandardOpenApi implements OASFilter {

    private static final Logger LOG = Logger.getLogger(StandardOpenApi.class.getName());

    @Override
    public void filterOpenAPI(OpenAPI document) {
        if (document.getServers() != null) {
            document.getServers().forEach(StandardOpenApi::withoutTrailingSlash);
        }
        try {
            if (document.getClass().getMethod("getEndpoints").invoke(document) instanceof Map<?, ?> endpoints) {
                endpoints.clear();
            }
        } catch (NoSuchMethodException notPayara6) {
            // nothing to remove
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.log(Level.WARNING, "Could not remove Payara's 'endpoints' from the OpenAPI document", e);
        }
    }

    private static void withoutTrailingSlash(Server server) {
        String url = server.getUrl();
        if (url != null && url.length() > 1 && url.endsWith("/")) {
            server.setUrl(url.substring(0, url.length() - 1));
        }
    }
}
