package io.fuxi.security.boundary;

/**
 * How an attempt to sign in to the console ended.
 *
 * @param secondsToWait when refused for repeated failures, how long until the next attempt may be made
 */
public record SignInOutcome(Kind kind, long secondsToWait) {

    public enum Kind {
        SIGNED_IN,
        REFUSED,
        TOO_MANY_FAILURES,
        BUSY
    }

    static SignInOutcome of(Kind kind) {
        return new SignInOutcome(kind, 0);
    }

    public boolean signedIn() {
        return kind == Kind.SIGNED_IN;
    }
}
