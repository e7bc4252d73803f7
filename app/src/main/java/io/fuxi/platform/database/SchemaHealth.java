package io.fuxi.platform.database;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Startup;

/** Started once Flyway has applied every migration. */
@Startup
@ApplicationScoped
public class SchemaHealth implements HealthCheck {

    @Inject
    SchemaMigration migration;

    @Override
    public HealthCheckResponse call() {
        return migration
                .version()
                .map(version -> HealthCheckResponse.named("schema")
                        .up()
                        .withData("version", version)
                        .build())
                .orElseGet(() -> HealthCheckResponse.down("schema"));
    }
}
