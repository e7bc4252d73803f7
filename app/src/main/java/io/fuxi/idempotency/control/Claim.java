package io.fuxi.idempotency.control;

/**
 * What claiming an Idempotency-Key found.
 *
 * @param outcome  NEW: run the request; REPLAY: answer with the stored status, location and body; MISMATCH: the
 *                 key was used for another request; IN_PROGRESS: the first request with this key is still running
 */
public record Claim(Outcome outcome, int status, String location, String body) {

    public enum Outcome {
        NEW,
        REPLAY,
        MISMATCH,
        IN_PROGRESS
    }

    public static Claim of(Outcome outcome) {
        return new Claim(outcome, 0, null, null);
    }
}
