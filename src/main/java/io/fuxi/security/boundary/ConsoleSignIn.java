package io.fuxi.security.boundary;

import io.fuxi.platform.web.ClientAddress;
import io.fuxi.security.boundary.SignInOutcome.Kind;
import io.fuxi.security.control.LoginThrottle;
import io.fuxi.security.entity.ConsoleRole;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.time.Clock;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Signs a person in to the console and out again. Repeated failures slow down per account and per client address
 * ({@link LoginThrottle}); the answer never says whether the name or the password was wrong. At most two password
 * checks run at once (each is deliberately slow), so a flood of attempts cannot take the redirects' CPU.
 */
@ApplicationScoped
public class ConsoleSignIn {

    private final Semaphore passwordChecks = new Semaphore(2);
    private LoginThrottle throttle;

    @Inject
    AdminAccounts accounts;

    @Inject
    FirstAdminAccount firstAccount;

    @Inject
    Clock clock;

    @Inject
    @ConfigProperty(name = "fuxi.proxy.trusted")
    Optional<String> trustedProxies;

    private ClientAddress clients;

    @PostConstruct
    void prepare() {
        clients = ClientAddress.trusting(trustedProxies);
        throttle = new LoginThrottle(clock::millis);
    }

    public SignInOutcome signIn(HttpServletRequest request, String username, String password) {
        String account = username == null ? "" : username.strip().toLowerCase(Locale.ROOT);
        String address = String.valueOf(clients.of(request.getRemoteAddr(), request.getHeader("X-Forwarded-For")));
        long wait = throttle.secondsToWait(account, address);
        if (wait > 0) {
            return new SignInOutcome(Kind.TOO_MANY_FAILURES, wait);
        }
        if (!acquire()) {
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

    private boolean acquire() {
        try {
            return passwordChecks.tryAcquire(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
