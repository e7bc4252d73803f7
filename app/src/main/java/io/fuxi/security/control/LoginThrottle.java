package io.fuxi.security.control;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Slows down guessing at the console's sign-in: after a few failures for one account from one client address, or
 * more for one address over any accounts, each further attempt must wait twice as long as the one before (1 s, 2 s,
 * 4 s... at most 15 minutes), counted from the last failure. An account is never slowed down for everyone: a stranger's
 * failures cannot lock its owner out from another address. A wait refuses the attempt outright, so no request thread
 * sleeps. A success clears its address and the account's failures from it; failures older than the longest wait are
 * forgotten. Time is the application's clock (tests move it); a clock set back never makes a wait longer than it was
 * when it began.
 */
public final class LoginThrottle {

    public static final int FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
    public static final int FREE_FAILURES_PER_ADDRESS = 20;
    static final long LONGEST_WAIT_SECONDS = 15 * 60;
    private static final int FORGET_CHECK_SIZE = 10_000;
    private static final long MILLIS_PER_SECOND = 1_000L;

    private final LongSupplier millis;
    private final Map<String, Failures> failures = new ConcurrentHashMap<>();

    /** @param millis the current time in milliseconds */
    public LoginThrottle(LongSupplier millis) {
        this.millis = millis;
    }

    /** Seconds (rounded up) before an attempt for this account from this address may be tried; 0 when it may now. */
    public long secondsToWait(String account, String address) {
        long now = millis.getAsLong();
        return Math.max(
                wait(failures.get(pair(account, address)), FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS, now),
                wait(failures.get("address:" + address), FREE_FAILURES_PER_ADDRESS, now));
    }

    public void failed(String account, String address) {
        long now = millis.getAsLong();
        if (failures.size() > FORGET_CHECK_SIZE) {
            failures.values().removeIf(entry -> now - entry.lastAt() > LONGEST_WAIT_SECONDS * MILLIS_PER_SECOND);
        }
        failures.merge(pair(account, address), new Failures(1, now), Failures::plus);
        failures.merge("address:" + address, new Failures(1, now), Failures::plus);
    }

    public void succeeded(String account, String address) {
        failures.remove(pair(account, address));
        failures.remove("address:" + address);
    }

    private static String pair(String account, String address) {
        return "account:" + account + " address:" + address;
    }

    private static long wait(Failures entry, int free, long now) {
        if (entry == null || entry.count() < free) {
            return 0;
        }
        long waitMillis = Math.min(LONGEST_WAIT_SECONDS, 1L << Math.min(entry.count() - free, 30)) * MILLIS_PER_SECOND;
        long left = Math.min(waitMillis, entry.lastAt() + waitMillis - now);
        return left <= 0 ? 0 : (left + MILLIS_PER_SECOND - 1) / MILLIS_PER_SECOND;
    }

    private record Failures(int count, long lastAt) {
        Failures plus(Failures more) {
            return new Failures(count + more.count, Math.max(lastAt, more.lastAt));
        }
    }
}
