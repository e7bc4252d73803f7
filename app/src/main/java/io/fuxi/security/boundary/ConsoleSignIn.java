package io.fuxi.security.boundary;

import io.fuxi.platform.cluster.Cluster;
import io.fuxi.platform.web.ClientAddress;
import io.fuxi.security.boundary.SignInOutcome.Kind;
import io.fuxi.security.control.ClusterThrottle;
import io.fuxi.security.control.LoginThrottle;
import io.fuxi.security.entity.ConsoleRole;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.time.Clock;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Signs a person in to the console and out again. Repeated failures slow down per account and client address, and
 * per address ({@link LoginThrottle}), counted on every node of a cluster (each node tells the others its failures
 * and successes); the answer never says whether the name or the password was wrong. At most two password checks run
 * at once (each is deliberately slow), and an attempt that finds both taken is answered at once rather than kept
 * waiting on a request thread, so a flood of attempts takes neither the redirects' CPU nor their threads.
 */
@ApplicationScoped
public class ConsoleSignIn {

    private final Semaphore passwordChecks = new Semaphore(2);
    private ClusterThrottle throttle;

    @Inject
    AdminAccounts accounts;

    @Inject
    FirstAdminAccount firstAccount;

    @Inject
    Clock clock;

    @Inject
    Cluster cluster;

    @Inject
    @ConfigProperty(name = "fuxi.proxy.trusted")
    Optional<String> trustedProxies;

    private ClientAddress clients;

    @PostConstruct
    void prepare() {
        clients = ClientAddress.trusting(trustedProxies);
        throttle = new ClusterThrottle(cluster, "sign-in-attempts", clock::millis);
    }

    /** Starts with the application, so that this node counts the others' failures before its own first sign-in. */
    void startEagerly(@Observes @Initialized(ApplicationScoped.class) Object application) {
        throttle.toString();
    }

    public SignInOutcome signIn(HttpServletRequest request, String username, String password) {
        String account = username == null ? "" : username.strip().toLowerCase(Locale.ROOT);
        String address = String.valueOf(clients.of(request));
        long wait = throttle.secondsToWait(account, address);
        if (wait > 0) {
            return new SignInOutcome(Kind.TOO_MANY_FAILURES, wait);
        }
        if (!passwordChecks.tryAcquire()) {
            return SignInOutcome.of(Kind.BUSY);
        }
        try {
            boolean signedIn = AdminAccounts.USERNAME.matcher(account).matches() // nothing else reaches the database
                    && password != null
                    && authenticate(request, account, password);
            if (signedIn) {
                throttle.succeeded(account, address);
                return SignInOutcome.of(Kind.SIGNED_IN);
            }
            throttle.failed(account, address);
            return SignInOutcome.of(Kind.REFUSED);
        } finally {
            passwordChecks.release();
        }
    }

    public void signOut(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        if (session != null) {
            session.invalidate();
        }
    }

    /** Checks the password; on success the account gets a new session (never the one the sign-in page had). */
    private boolean authenticate(HttpServletRequest request, String account, String password) {
        firstAccount.makePending(); // a first start makes its account after ready: at the latest now
        Optional<String> role = accounts.signIn(account, password).map(ConsoleRole::roleName);
        if (role.isEmpty()) {
            return false;
        }
        HttpSession before = request.getSession(false);
        if (before != null) {
            before.invalidate();
        }
        request.getSession(true).setAttribute(SignedIn.SESSION_ATTRIBUTE, new SignedIn(account, role.get()));
        return true;
    }
}
