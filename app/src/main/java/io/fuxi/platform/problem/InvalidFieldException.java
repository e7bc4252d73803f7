package io.fuxi.platform.problem;

/** A request field broke a rule; the problem names the field. */
public class InvalidFieldException extends ProblemException {

    public InvalidFieldException(String field, String detail) {
        super(400, "Invalid field", detail, field);
    }
}
