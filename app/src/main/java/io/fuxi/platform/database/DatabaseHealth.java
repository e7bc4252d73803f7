package io.fuxi.platform.database;

import com.mysql.cj.jdbc.MysqlDataSource;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.OptionalLong;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready while the database answers a query within {@value #TIMEOUT_MILLIS} ms. The check opens a connection of its
 * own, with connect and socket timeouts, rather than one from the pool: it answers how the database is now, whatever
 * the pool's connections are going through, and it is UP again as soon as the database is.
 */
@Readiness
@ApplicationScoped
public class DatabaseHealth implements HealthCheck {

    static final int TIMEOUT_MILLIS = 2000;

    @Inject
    @ConfigProperty(name = "fuxi.db.url")
    String url;

    @Inject
    @ConfigProperty(name = "fuxi.db.user")
    String user;

    @Inject
    @ConfigProperty(name = "fuxi.db.password")
    Optional<String> password;

    private MysqlDataSource database;

    @PostConstruct
    void connectWithTimeouts() {
        database = new MysqlDataSource();
        database.setURL(url);
        database.setUser(user);
        database.setPassword(password.orElse(""));
        try {
            database.setConnectTimeout(TIMEOUT_MILLIS);
            database.setSocketTimeout(TIMEOUT_MILLIS);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot set the database check's timeouts", e);
        }
    }

    @Override
    public HealthCheckResponse call() {
        OptionalLong millis = answerMillis();
        return millis.isPresent()
                ? HealthCheckResponse.named("database")
                        .up()
                        .withData("millis", millis.getAsLong())
                        .build()
                : HealthCheckResponse.down("database");
    }

    /** How long the database took to answer a query on a new connection, or empty if it did not answer in time. */
    OptionalLong answerMillis() {
        long started = System.nanoTime();
        try (Connection connection = database.getConnection();
                Statement statement = connection.createStatement()) {
            statement.setQueryTimeout(TIMEOUT_MILLIS / 1000);
            statement.execute("SELECT 1");
            return OptionalLong.of((System.nanoTime() - started) / 1_000_000);
        } catch (SQLException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }
}
