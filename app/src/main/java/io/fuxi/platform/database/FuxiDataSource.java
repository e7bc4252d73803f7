package io.fuxi.platform.database;

/**
 * The application's three pools on the one database, at fuxi.db.url, fuxi.db.user and fuxi.db.password (MicroProfile
 * Config; the launcher sets them for its embedded MariaDB). They are declared in WEB-INF/web.xml (data-source), not by
 * an annotation here: Payara missed the annotation on about one start in 35 (its class model is built on several
 * threads), and the deployment then failed.
 *
 * <p>{@link #JNDI_NAME} serves requests and fails fast: a free connection within 2 s, a new one connected within 2 s,
 * every answer within 3 s, so that a request meeting a database that is frozen or gone answers 503 within about 5 s
 * instead of holding its thread (see {@link DatabaseErrors#isOutage}). The limits are fixed: Payara reads the
 * declaration before the application's own configuration file, so a key with its default there would not reach it.
 * The driver keeps the parse of up to 250 statements of up to 4,096 characters (its defaults, 25 and 256, miss
 * Hibernate's statements), and answers questions about the session's state (autocommit, read-only) from what it set
 * itself instead of asking the server. Hibernate writes Instants as UTC; the connection does not shift them again.
 * {@link #JOBS_JNDI_NAME} serves the background jobs (migrations, code batches, the purge, the click flush, the
 * census), whose statements may run for minutes on a large table, and which must never take the requests'
 * connections. {@link #WRITERS_JNDI_NAME} is the requests' pool with several statements allowed in one (each of them
 * parameterized): it serves only the writers of single creates, which send a batch's inserts and its commit in one
 * round trip (ADR 21).
 */
public final class FuxiDataSource {
    public static final String JNDI_NAME = "java:app/jdbc/fuxi";
    public static final String JOBS_JNDI_NAME = "java:app/jdbc/fuxi-jobs";
    public static final String WRITERS_JNDI_NAME = "java:app/jdbc/fuxi-writers";

    private FuxiDataSource() {}
}
