package io.fuxi.platform.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mysql.cj.jdbc.MysqlDataSource;
import io.fuxi.it.TcpProxy;
import io.fuxi.it.TestDatabase;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A held connection against the suite's real MariaDB behind a TCP proxy that the test freezes: a database that stops
 * answering fails the next use within the ping's timeout, not the ping's, the pool's and a new connection's together.
 */
@Tag("database")
class HeldConnectionIT {

    @Test
    void aFrozenDatabaseFailsTheNextUseWithinThePingsTimeout() throws Exception {
        try (TcpProxy proxy = new TcpProxy(TestDatabase.port())) {
            MysqlDataSource source = new MysqlDataSource();
            source.setUrl("jdbc:mysql://127.0.0.1:" + proxy.port() + "/mysql?connectTimeout=2000&socketTimeout=3000");
            source.setUser(System.getProperty("fuxi.it.db.user"));
            source.setPassword(System.getProperty("fuxi.it.db.password"));
            try (HeldConnection held = new HeldConnection(source, 0)) {
                assertEquals(1, one(held));

                proxy.freeze();
                long started = System.nanoTime();
                SQLException out = assertThrows(SQLException.class, held::get);
                Duration took = Duration.ofNanos(System.nanoTime() - started);
                assertTrue(DatabaseErrors.isOutage(out), out.toString());
                assertTrue(took.toMillis() < 3_500, "a 2 s ping, then the answer; took " + took);

                proxy.thaw();
                assertEquals(1, one(held), "a new connection once the database answers again");
            }
        }
    }

    private static int one(HeldConnection held) throws SQLException {
        try (ResultSet one = held.get().createStatement().executeQuery("SELECT 1")) {
            one.next();
            return one.getInt(1);
        }
    }
}
