package io.fuxi.platform.database;

import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.annotation.sql.DataSourceDefinitions;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The application's two pools on the one database, at fuxi.db.url, fuxi.db.user and fuxi.db.password (MicroProfile
 * Config; the launcher sets them for its embedded MariaDB).
 *
 * <p>{@link #JNDI_NAME} serves requests and fails fast: a free connection within 2 s, a new one connected within 2 s,
 * every answer within 3 s, so that a request meeting a database that is frozen or gone answers 503 within about 5 s
 * instead of holding its thread (see {@link DatabaseErrors#isOutage}). The limits are fixed: Payara reads this
 * annotation before the application's own configuration file, so a key with its default there would not reach it.
 * (The two property lists repeat each other: an annotation cannot share an array.) The driver keeps the parse of
 * up to 250 statements of up to 4,096 characters (its defaults, 25 and 256, miss Hibernate's statements), and answers
 * questions about the session's state (autocommit, read-only) from what it set itself instead of asking the server.
 * {@link #JOBS_JNDI_NAME} serves the background jobs (migrations, code batches, the purge, the click flush, the
 * census), whose statements may run for minutes on a large table, and which must never take the requests'
 * connections.
 */
@DataSourceDefinitions({
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
                "prepStmtCacheSize=250",
                "prepStmtCacheSqlLimit=4096",
                "useLocalSessionState=true",
                "rewriteBatchedStatements=true",
                "useServerPrepStmts=false",
                "connectTimeout=2000",
                "socketTimeout=3000",
                "fish.payara.max-wait-time-in-millis=2000",
                "fish.payara.is-connection-validation-required=true",
                "fish.payara.connection-validation-method=meta-data"
            }),
    @DataSourceDefinition(
            name = FuxiDataSource.JOBS_JNDI_NAME,
            className = "com.mysql.cj.jdbc.MysqlDataSource",
            url = "${MPCONFIG=fuxi.db.url}",
            user = "${MPCONFIG=fuxi.db.user}",
            password = "${MPCONFIG=fuxi.db.password}",
            minPoolSize = 1,
            maxPoolSize = 8,
            properties = {
                "connectionTimeZone=UTC",
                "forceConnectionTimeZoneToSession=true",
                "cachePrepStmts=true",
                "prepStmtCacheSize=250",
                "prepStmtCacheSqlLimit=4096",
                "useLocalSessionState=true",
                "rewriteBatchedStatements=true",
                "useServerPrepStmts=false",
                "connectTimeout=2000",
                "socketTimeout=600000",
                "fish.payara.is-connection-validation-required=true",
                "fish.payara.connection-validation-method=meta-data"
            })
})
@ApplicationScoped
public class FuxiDataSource {
    public static final String JNDI_NAME = "java:app/jdbc/fuxi";
    public static final String JOBS_JNDI_NAME = "java:app/jdbc/fuxi-jobs";
}
