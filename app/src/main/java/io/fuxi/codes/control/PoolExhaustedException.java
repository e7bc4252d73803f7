package io.fuxi.codes.control;

import io.fuxi.platform.problem.ProblemException;

/** No loaded code is left to hand out; a top-up is under way. */
public class PoolExhaustedException extends ProblemException {

    public PoolExhaustedException() {
        super(503, "Service Unavailable", "The code pool is empty; more codes are being generated. Try again shortly.");
    }
}
