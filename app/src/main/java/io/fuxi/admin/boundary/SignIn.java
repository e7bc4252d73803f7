package io.fuxi.admin.boundary;

import io.fuxi.security.boundary.ConsoleSignIn;
import io.fuxi.security.boundary.SignInOutcome;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.application.FacesMessage;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;

/** The sign-in page and the sign-out button. */
@Named
@RequestScoped
public class SignIn {

    @Inject
    ConsoleSignIn console;

    @Inject
    FacesContext faces;

    private String username;
    private String password;

    public void signIn() throws IOException {
        ExternalContext external = faces.getExternalContext();
        SignInOutcome outcome = console.signIn((HttpServletRequest) external.getRequest(), username, password);
        password = null;
        if (outcome.signedIn()) {
            external.redirect(external.getRequestContextPath() + "/admin/");
            return;
        }
        faces.addMessage(null, new FacesMessage(FacesMessage.SEVERITY_ERROR, message(outcome), null));
    }

    public void signOut() throws IOException {
        ExternalContext external = faces.getExternalContext();
        console.signOut((HttpServletRequest) external.getRequest());
        external.redirect(external.getRequestContextPath() + "/admin/sign-in.xhtml");
    }

    private static String message(SignInOutcome outcome) {
        return switch (outcome.kind()) {
            case TOO_MANY_FAILURES ->
                "Too many failed sign-ins. Try again in " + outcome.secondsToWait()
                        + (outcome.secondsToWait() == 1 ? " second." : " seconds.");
            case BUSY -> "Too many sign-ins at once. Try again in a moment.";
            default -> "The name or the password is not right.";
        };
    }

    public String getUsername() {
        return username;
    }

    public void setUsername(String username) {
        this.username = username;
    }

    public String getPassword() {
        return password;
    }

    public void setPassword(String password) {
        this.password = password;
    }
}
