package io.fuxi.security.boundary;

import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.security.entity.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.util.Locale;

/** The account signed in to the console for the current request, as the caller the boundaries expect. */
@RequestScoped
public class ConsoleAccount {

    @Inject
    HttpServletRequest request;

    @Inject
    ApiKeys keys;

    /** The signed-in account: an admin may change things, a viewer only reads. */
    public Caller caller() {
        SignedIn account = signedIn();
        return Caller.account(account.username(), !account.roleName().equals("admin"));
    }

    /**
     * The signed-in account acting for an API key, for what the console makes on a key's behalf (an import's links are
     * the key's): the key's reach, the account's name in the history.
     */
    public Caller actingFor(long keyId) {
        Caller account = caller();
        KeyView key = keys.list().stream()
                .filter(candidate -> candidate.id() == keyId && candidate.revokedAt() == null)
                .findFirst()
                .orElseThrow(() -> new InvalidFieldException("key", "no active API key has the id " + keyId));
        return new Caller(
                keyId,
                Role.valueOf(key.role().toUpperCase(Locale.ROOT)),
                null,
                account.actor(),
                account.readOnly(),
                null); // an admin acting for a key in the console is not held to its domains
    }

    /** Read from the session ConsoleGate let in (the injected request is the container's, not the gate's). */
    private SignedIn signedIn() {
        HttpSession session = request.getSession(false);
        SignedIn account = session == null ? null : (SignedIn) session.getAttribute(SignedIn.SESSION_ATTRIBUTE);
        if (account == null) {
            throw new IllegalStateException("No console account is signed in for this request");
        }
        return account;
    }
}
