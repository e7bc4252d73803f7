package io.fuxi.security.control;

import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The deliberately slow password checks a node may run: one at a time, and at most a number a second (after a burst of
 * ten seconds' worth, at least ten), so that a flood of guesses from many addresses, which no per-address throttle sees, takes a bounded share of
 * one core. A check that may not start now is not run and not waited for: the caller answers at once.
 */
public final class PasswordCheckBudget {

    private final Semaphore running = new Semaphore(1);
    private final TokenBucket rate;
    private final LongSupplier nanos;

    /** @param nanos a monotonic clock in nanoseconds */
    public PasswordCheckBudget(int perSecond, LongSupplier nanos) {
        this.nanos = nanos;
        this.rate = new TokenBucket(Math.max(1, perSecond) * 60, nanos.getAsLong());
    }

    /** The check's result, or empty when none may start now. */
    public <T> Optional<T> run(Supplier<T> check) {
        if (!running.tryAcquire()) {
            return Optional.empty();
        }
        try {
            return rate.take(nanos.getAsLong()) == 0 ? Optional.of(check.get()) : Optional.empty();
        } finally {
            running.release();
        }
    }
}
