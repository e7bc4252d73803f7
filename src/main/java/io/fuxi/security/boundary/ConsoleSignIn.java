package io.fuxi.security.boundary;

import io.fuxi.platform.web.ClientAddress;
import io.fuxi.security.boundary.SignInOutcome.Kind;
import io.fuxi.security.control.LoginThrottle;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.SecurityContext;
import jakarta.security.enterprise.authentication.mechanism.http.AuthenticationParameters;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
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

    private final LoginThrottle throttle = new LoginThrottle(System::nanoTime);
    private final Semaphore passwordChecks = new Semaphore(2);

    @Inject
    SecurityContext security;

    @Inject
    @ConfigProperty(name = "fuxi.proxy.trusted")
    Optional<String> trustedProxies;

    private ClientAddress clients;

    @PostConstruct
    void readProxies() {
        clients = ClientAddress.trusting(trustedProxies);
    }

    public SignInOutcome signIn(
            HttpServletRequest request, HttpServletResponse response, String username, String password) {
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
                    && authenticate(request, response, account, password);
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

    public void signOut(HttpServletRequest request) throws ServletException {
        request.logout();
        if (request.getSession(false) != null) {
            request.getSession(false).invalidate();
        }
    }

    private boolean authenticate(
            HttpServletRequest request, HttpServletResponse response, String account, String password) {
        if (request.getSession(false) != null) {
            request.changeSessionId(); // the session the sign-in page had is not the one the account will have
        }
        AuthenticationStatus status = security.authenticate(
                request,
                response,
                AuthenticationParameters.withParams()
                        .newAuthentication(true)
                        .credential(new UsernamePasswordCredential(account, password)));
        return status == AuthenticationStatus.SUCCESS;
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
