package io.fuxi.security.boundary;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.security.Principal;

/** The account signed in to the console for the current request, as the caller the boundaries expect. */
@RequestScoped
public class ConsoleAccount {

    @Inject
    HttpServletRequest request;

    /** The signed-in account: an admin may change things, a viewer only reads. */
    public Caller caller() {
        Principal principal = request.getUserPrincipal();
        if (principal == null) {
            throw new IllegalStateException("No console account is signed in for this request");
        }
        return Caller.account(principal.getName(), !request.isUserInRole("admin"));
    }

    public boolean mayChange() {
        return request.isUserInRole("admin");
    }
}
