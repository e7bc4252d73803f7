package io.fuxi.security.boundary;

import io.fuxi.platform.cluster.Cluster;
import io.fuxi.platform.database.FuxiDataSource;
import io.fuxi.platform.database.StoredSecret;
import io.fuxi.platform.web.ClientAddress;
import io.fuxi.security.control.ClusterThrottle;
import io.fuxi.security.control.LoginThrottle;
import io.fuxi.security.control.PasswordCheckBudget;
import io.fuxi.security.control.PasswordCookie;
import io.fuxi.security.control.PasswordHashing;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The passwords of password-protected links: hashed as the console's are ({@link PasswordHashing}), checked when a
 * browser posts one, and remembered for a while in a signed cookie for that link only ({@link PasswordCookie}).
 * Wrong guesses slow down per link and client address, and per address ({@link LoginThrottle}), counted on every node;
 * a wait refuses an attempt at once, without checking it. A node runs one check at a time and at most
 * fuxi.links.password-checks-per-second (each is deliberately slow, {@link PasswordCheckBudget}); an attempt beyond
 * them is refused at once, so that a flood of guesses takes neither more than that of the CPU nor any request thread.
 */
@ApplicationScoped
public class LinkPasswords {

    /** What became of a password a browser gave. */
    public enum Outcome {
        RIGHT,
        WRONG,
        /** not checked: too many wrong ones from this address; wait {@link Attempt#waitSeconds()} */
        WAIT,
        /** not checked: this node runs no more checks now (see {@link PasswordCheckBudget}) */
        BUSY
    }

    public record Attempt(Outcome outcome, long waitSeconds) {}

    @Inject
    PasswordHashing hashing;

    @Inject
    Clock clock;

    @Inject
    Cluster cluster;

    @Resource(lookup = FuxiDataSource.JNDI_NAME)
    DataSource dataSource;

    @Inject
    @ConfigProperty(name = "fuxi.links.password-minutes", defaultValue = "30")
    int cookieMinutes;

    @Inject
    @ConfigProperty(name = "fuxi.links.password-checks-per-second", defaultValue = "1")
    int checksPerSecond;

    @Inject
    @ConfigProperty(name = "fuxi.proxy.trusted")
    Optional<String> trustedProxies;

    @Inject
    @ConfigProperty(name = "fuxi.base-url")
    String baseUrl;

    private ClusterThrottle throttle;
    private PasswordCheckBudget checks;
    private ClientAddress clients;
    private volatile PasswordCookie cookie;

    @PostConstruct
    void prepare() {
        throttle = new ClusterThrottle(cluster, "link-password-attempts", clock::millis);
        checks = new PasswordCheckBudget(checksPerSecond, System::nanoTime);
        clients = ClientAddress.trusting(trustedProxies);
    }

    /** Starts with the application, so that this node counts the others' failures before its own first check. */
    void startEagerly(@Observes @Initialized(ApplicationScoped.class) Object application) {
        throttle.toString();
    }

    /** A link's password as it is stored: salted and hashed. */
    public String hash(String password) {
        return hashing.hash(password);
    }

    /** Whether the request carries the cookie of a right password for this link, as it is now, unexpired. */
    public boolean remembered(HttpServletRequest request, String code, long passwordStamp) {
        Cookie[] cookies = request.getCookies();
        if (cookies == null) {
            return false;
        }
        long now = clock.millis() / 1000;
        for (Cookie each : cookies) {
            if (PasswordCookie.NAME.equals(each.getName())
                    && cookie().admits(each.getValue(), code, passwordStamp, now)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Checks a password given for the link with this code against its stored hash, unless the client must wait or
     * every check is busy.
     */
    public Attempt attempt(
            HttpServletRequest request, String code, String password, Supplier<Optional<String>> storedHash) {
        String address = String.valueOf(clients.of(request));
        long wait = throttle.secondsToWait(code, address);
        if (wait > 0) {
            return new Attempt(Outcome.WAIT, wait);
        }
        return checks.run(() -> check(code, address, password, storedHash)).orElse(new Attempt(Outcome.BUSY, 1));
    }

    private Attempt check(String code, String address, String password, Supplier<Optional<String>> storedHash) {
        if (hashing.matches(password, storedHash.get())) {
            throttle.succeeded(code, address);
            return new Attempt(Outcome.RIGHT, 0);
        }
        throttle.failed(code, address);
        return new Attempt(Outcome.WRONG, 0);
    }

    /** The Set-Cookie header that remembers a right password for this link, or empty when none is to be set. */
    public Optional<String> rememberingCookie(HttpServletRequest request, String code, long passwordStamp) {
        if (cookieMinutes <= 0) {
            return Optional.empty();
        }
        long seconds = cookieMinutes * 60L;
        String value = cookie().value(code, passwordStamp, clock.millis() / 1000 + seconds);
        boolean secure = request.isSecure() || baseUrl.startsWith("https://");
        return Optional.of(PasswordCookie.NAME + "=" + value + "; Path=" + request.getContextPath() + "/" + code
                + "; Max-Age=" + seconds + "; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : ""));
    }

    private PasswordCookie cookie() {
        PasswordCookie known = cookie;
        if (known == null) {
            synchronized (this) {
                if (cookie == null) {
                    cookie = new PasswordCookie(secret());
                }
                known = cookie;
            }
        }
        return known;
    }

    private byte[] secret() {
        try (Connection connection = dataSource.getConnection()) {
            return StoredSecret.of(connection, "link_password_secret");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the secret of the password cookies", e);
        }
    }
}
