package io.fuxi.platform.rest;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Map;

/**
 * The partner API lives under /api; the redirect is a servlet filter at the root, not part of it. Jersey's WADL
 * (which builds a JAXB context at each start) and its Bean Validation (Fuxi's resources check their input themselves
 * and declare no constraints) are off.
 */
@ApplicationPath("api")
public class RestApplication extends Application {

    @Override
    public Map<String, Object> getProperties() {
        return Map.of(
                "jersey.config.server.wadl.disableWadl", true,
                "jersey.config.beanValidation.disable.server", true);
    }
}
