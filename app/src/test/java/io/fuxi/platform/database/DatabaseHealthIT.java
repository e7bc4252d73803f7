package io.fuxi.platform.database;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fuxi.it.TcpProxy;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The database readiness check against the suite's real MariaDB, reached through a TCP proxy that the test cuts and
 * restores: UP, then DOWN within the check's timeout while the database is away, then UP again by itself.
 */
@Tag("database")
class DatabaseHealthIT {

    private static final Pattern PORT = Pattern.compile("//[^/:]+:(\\d+)/");

    @Test
    void downWhileTheDatabaseIsAwayAndUpAgainByItself() throws Exception {
        String url = System.getProperty("fuxi.it.db.url");
        Matcher port = PORT.matcher(url);
        assertTrue(port.find(), url);
        try (TcpProxy proxy = new TcpProxy(Integer.parseInt(port.group(1)))) {
            DatabaseHealth check = checkOf(url.replace(":" + port.group(1) + "/", ":" + proxy.port() + "/"));
            assertTrue(check.answerMillis().isPresent());
            assertTrue(proxy.accepted() > 0, "the check went through the proxy");

            proxy.cut();
            long started = System.nanoTime();
            OptionalLong down = check.answerMillis();
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            assertTrue(down.isEmpty());
            assertTrue(took.toMillis() < 2 * DatabaseHealth.TIMEOUT_MILLIS, "took " + took);

            proxy.restore();
            assertTrue(check.answerMillis().isPresent());
        }
    }

    @Test
    void downWithinItsTimeoutWhenTheDatabaseNeverAnswers() throws Exception {
        try (java.net.ServerSocket silent =
                new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            // accepts connections (the backlog does) and never says a word, as a frozen database would
            DatabaseHealth check = checkOf("jdbc:mysql://127.0.0.1:" + silent.getLocalPort() + "/fuxi");
            long started = System.nanoTime();
            OptionalLong down = check.answerMillis();
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            assertTrue(down.isEmpty());
            assertTrue(took.toMillis() < 2 * DatabaseHealth.TIMEOUT_MILLIS + 1000, "took " + took);
        }
    }

    private static DatabaseHealth checkOf(String url) {
        DatabaseHealth check = new DatabaseHealth();
        check.url = url;
        check.user = System.getProperty("fuxi.it.db.user");
        check.password = Optional.of(System.getProperty("fuxi.it.db.password"));
        check.connectWithTimeouts();
        return check;
    }
}
