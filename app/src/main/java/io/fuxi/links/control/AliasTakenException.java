package io.fuxi.links.control;

import io.fuxi.platform.problem.ProblemException;

/** The alias a caller asked for belongs to another link. */
public class AliasTakenException extends ProblemException {

    public AliasTakenException(String alias) {
        super(409, "Conflict", "alias '" + alias + "' is taken", "alias");
    }
}
