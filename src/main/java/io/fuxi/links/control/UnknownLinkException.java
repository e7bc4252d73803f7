package io.fuxi.links.control;

import io.fuxi.platform.problem.ProblemException;

/** No link has this code. */
public class UnknownLinkException extends ProblemException {

    public UnknownLinkException(String code) {
        super(404, "Not Found", "no link has the code '" + code + "'", "code");
    }
}
