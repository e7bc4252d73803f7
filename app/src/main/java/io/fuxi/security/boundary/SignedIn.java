package io.fuxi.security.boundary;

import java.io.Serializable;
import java.security.Principal;

/** The console account a session belongs to, kept in the session from sign-in to sign-out or timeout. */
public record SignedIn(String username, String roleName) implements Principal, Serializable {

    static final String SESSION_ATTRIBUTE = "fuxi.console.account";

    @Override
    public String getName() {
        return username;
    }
}
