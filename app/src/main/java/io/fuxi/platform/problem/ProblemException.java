package io.fuxi.platform.problem;

import jakarta.ejb.ApplicationException;
import jakarta.ws.rs.core.Response;
import java.util.Map;

/**
 * A failure the caller caused or must know about, answered as an RFC 9457 problem with its own status. An EJB
 * application exception: it reaches the caller as it is (not wrapped, not logged as a server fault) and rolls
 * the transaction back.
 */
@ApplicationException(rollback = true)
public class ProblemException extends RuntimeException {

    private final int status;
    private final String title;
    private final String field;

    public ProblemException(int status, String title, String detail, String field) {
        super(detail, null, false, false);
        this.status = status;
        this.title = title;
        this.field = field;
    }

    /** A problem found elsewhere (on another thread, for one item of many), thrown for its caller. */
    public ProblemException(Problem problem) {
        this(problem.status(), problem.title(), problem.detail(), problem.field());
    }

    public ProblemException(int status, String title, String detail) {
        this(status, title, detail, null);
    }

    public Problem toProblem() {
        return new Problem(status, title, getMessage(), field);
    }

    /** The headers of its answer; subclasses add those their status calls for. */
    public Map<String, String> headers() {
        return toProblem().headers();
    }

    /** The whole answer, for JAX-RS. */
    public Response toResponse() {
        return toProblem().toResponse(headers());
    }
}
