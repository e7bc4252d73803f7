package io.fuxi.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LoginThrottleTest {

    private static final long SECOND = 1_000L;

    private final AtomicLong now = new AtomicLong(42 * SECOND);
    private final LoginThrottle throttle = new LoginThrottle(now::get);

    @Test
    void anAccountWaitsTwiceAsLongAfterEachFailureBeyondTheFreeOnes() {
        for (int i = 0; i < LoginThrottle.FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS - 1; i++) {
            throttle.failed("ann", "10.0.0.1");
        }
        assertEquals(0, throttle.secondsToWait("ann", "10.0.0.1"));
        throttle.failed("ann", "10.0.0.1");
        assertEquals(1, throttle.secondsToWait("ann", "10.0.0.1"));
        assertEquals(0, throttle.secondsToWait("ann", "10.0.0.2"), "a stranger's failures do not lock the owner out");
        assertEquals(0, throttle.secondsToWait("bob", "10.0.0.1"), "another account from the same address does not");
        throttle.failed("ann", "10.0.0.1");
        assertEquals(2, throttle.secondsToWait("ann", "10.0.0.1"));
        now.addAndGet(2 * SECOND);
        assertEquals(0, throttle.secondsToWait("ann", "10.0.0.1"));
    }

    @Test
    void anAddressWaitsAfterManyFailuresOverManyAccounts() {
        for (int i = 0; i < LoginThrottle.FREE_FAILURES_PER_ADDRESS; i++) {
            throttle.failed("guess" + i, "10.0.0.9");
        }
        assertEquals(1, throttle.secondsToWait("someone-else", "10.0.0.9"));
        assertEquals(0, throttle.secondsToWait("someone-else", "10.0.0.8"));
    }

    @Test
    void failuresFromManyAddressesNeverLockTheAccountForEveryone() {
        for (int i = 0; i < 1_000; i++) {
            throttle.failed("admin", "10.0." + (i / 250) + "." + (i % 250));
        }
        assertEquals(0, throttle.secondsToWait("admin", "192.0.2.1"));
    }

    @Test
    void aSuccessClearsOnlyItsOwnAddress() {
        for (int i = 0; i < LoginThrottle.FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) {
            throttle.failed("ann", "10.0.0.1");
            throttle.failed("ann", "10.0.0.2");
        }
        throttle.succeeded("ann", "10.0.0.2");
        assertEquals(0, throttle.secondsToWait("ann", "10.0.0.2"));
        assertEquals(1, throttle.secondsToWait("ann", "10.0.0.1"));
    }

    @Test
    void aClockSetBackDoesNotLengthenTheWait() {
        for (int i = 0; i < LoginThrottle.FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS + 1; i++) {
            throttle.failed("ann", "10.0.0.1");
        }
        assertEquals(2, throttle.secondsToWait("ann", "10.0.0.1"));
        now.addAndGet(-3600 * SECOND);
        assertEquals(2, throttle.secondsToWait("ann", "10.0.0.1"));
    }

    @Test
    void theWaitIsBoundedAndASuccessClearsIt() {
        for (int i = 0; i < 100; i++) {
            throttle.failed("ann", "10.0.0.1");
        }
        assertEquals(LoginThrottle.LONGEST_WAIT_SECONDS, throttle.secondsToWait("ann", "10.0.0.1"));
        throttle.succeeded("ann", "10.0.0.1");
        assertEquals(0, throttle.secondsToWait("ann", "10.0.0.1"));
    }
}
