package io.fuxi.links.control;

import io.fuxi.codes.boundary.CodeShape;
import io.fuxi.platform.problem.ProblemException;

/** No link has this code. The code is echoed only when it could be one, never as arbitrary caller text. */
public class UnknownLinkException extends ProblemException {

    public UnknownLinkException(String code) {
        super(
                404,
                "Not Found",
                CodeShape.isCode(code) ? "no link has the code '" + code + "'" : "no link has this code",
                "code");
    }
}
