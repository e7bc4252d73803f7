package io.fuxi.platform.database;

import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The application's one data source, configured through MicroProfile Config (fuxi.db.url, fuxi.db.user,
 * fuxi.db.password; defaults in META-INF/microprofile-config.properties).
 */
@DataSourceDefinition(
        name = FuxiDataSource.JNDI_NAME,
        className = "com.mysql.cj.jdbc.MysqlDataSource",
        url = "${MPCONFIG=fuxi.db.url}",
        user = "${MPCONFIG=fuxi.db.user}",
        password = "${MPCONFIG=fuxi.db.password}",
        minPoolSize = 2,
        maxPoolSize = 32,
        properties = {
            // Hibernate writes Instants as UTC; the connection must not shift them again.
            "connectionTimeZone=UTC",
            "forceConnectionTimeZoneToSession=true",
            "cachePrepStmts=true",
            "rewriteBatchedStatements=true",
            "useServerPrepStmts=false",
            "fish.payara.is-connection-validation-required=true",
            "fish.payara.connection-validation-method=meta-data"
        })
@ApplicationScoped
public class FuxiDataSource {
    public static final String JNDI_NAME = "java:app/jdbc/fuxi";
}
