package io.fuxi.platform.database;

import jakarta.persistence.EntityManager;
import org.hibernate.Session;
import org.hibernate.jdbc.ReturningWork;

/**
 * The JDBC connection of the caller's transaction (the persistence context's own), for the hot statements that
 * Hibernate's query translation and parameter handling cost more than they take to run.
 */
public final class TransactionConnection {

    private TransactionConnection() {}

    /** Runs the work on the connection and returns its result; an SQLException comes back as Hibernate's. */
    public static <T> T apply(EntityManager em, ReturningWork<T> work) {
        return em.unwrap(Session.class).doReturningWork(work);
    }
}
