package io.fuxi.security.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The API key behind the current request, as the key filter found it. Request-scoped resources inject {@link Caller};
 * beans that outlive a request inject this and {@link #get} it per call. The caller is an attribute of the servlet
 * request, which only the application sets: a request-scoped bean instead was made anew on every API call, and the
 * platform's injection around each new bean showed in a create's CPU profile (bench/profile.sh creates).
 */
@ApplicationScoped
public class CurrentCaller {

    private static final String ATTRIBUTE = CurrentCaller.class.getName();

    @Inject
    HttpServletRequest request;

    public void authenticated(Caller caller) {
        request.setAttribute(ATTRIBUTE, caller);
    }

    @Produces
    public Caller get() {
        if (!(request.getAttribute(ATTRIBUTE) instanceof Caller caller)) {
            throw new IllegalStateException(
                    "No API key was checked for this request: only API resources may inject the caller");
        }
        return caller;
    }
}
