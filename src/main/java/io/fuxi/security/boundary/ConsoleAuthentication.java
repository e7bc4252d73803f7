package io.fuxi.security.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.authentication.mechanism.http.AutoApplySession;
import jakarta.security.enterprise.authentication.mechanism.http.HttpAuthenticationMechanism;
import jakarta.security.enterprise.authentication.mechanism.http.HttpMessageContext;
import jakarta.security.enterprise.credential.Credential;
import jakarta.security.enterprise.identitystore.IdentityStoreHandler;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * How the console signs people in. Credentials come only from {@link ConsoleSignIn} (a form post to the sign-in
 * page, never a header); a signed-in session carries the account from request to request ({@link AutoApplySession},
 * which also makes the container give the session a new id at sign-in). A request for a protected console page
 * without a session goes to the sign-in page; an Ajax request gets a Faces partial response that sends the browser
 * there, so that an expired session does not leave a page silently dead. Requests outside the console pass at once.
 */
@AutoApplySession
@ApplicationScoped
public class ConsoleAuthentication implements HttpAuthenticationMechanism {

    static final String SIGN_IN_PAGE = "/admin/sign-in.xhtml";

    @Inject
    IdentityStoreHandler identityStores;

    @Override
    public AuthenticationStatus validateRequest(
            HttpServletRequest request, HttpServletResponse response, HttpMessageContext context) {
        Credential credential = context.getAuthParameters().getCredential();
        if (context.isAuthenticationRequest() && credential != null) {
            return context.notifyContainerAboutLogin(identityStores.validate(credential));
        }
        if (!context.isProtected()) {
            return context.doNothing();
        }
        String signIn = request.getContextPath() + SIGN_IN_PAGE;
        if ("partial/ajax".equals(request.getHeader("Faces-Request"))) {
            return partialRedirect(response, signIn);
        }
        return context.redirect(signIn);
    }

    private static AuthenticationStatus partialRedirect(HttpServletResponse response, String location) {
        response.setContentType("text/xml");
        response.setCharacterEncoding("UTF-8");
        try {
            response.getWriter()
                    .write("<?xml version=\"1.0\" encoding=\"UTF-8\"?><partial-response><redirect url=\"" + location
                            + "\"></redirect></partial-response>");
        } catch (IOException e) {
            return AuthenticationStatus.SEND_FAILURE;
        }
        return AuthenticationStatus.SEND_CONTINUE;
    }
}
