package io.fuxi.security.boundary;

import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.Produces;

/**
 * The API key behind the current request, as the key filter found it. Request-scoped resources inject {@link Caller};
 * beans that outlive a request inject this and {@link #get} it per call.
 */
@RequestScoped
public class CurrentCaller {

    private Caller caller;

    public void authenticated(Caller caller) {
        this.caller = caller;
    }

    @Produces
    public Caller get() {
        if (caller == null) {
            throw new IllegalStateException(
                    "No API key was checked for this request: only API resources may inject the caller");
        }
        return caller;
    }
}
