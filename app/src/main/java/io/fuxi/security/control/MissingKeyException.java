package io.fuxi.security.control;

import io.fuxi.platform.problem.ProblemException;
import java.util.Map;

/** An API call without a valid key: the problem names the header, and WWW-Authenticate says which scheme to use. */
public class MissingKeyException extends ProblemException {

    public MissingKeyException() {
        super(401, "Unauthorized", "A valid API key is required: Authorization: Bearer <key>.", "Authorization");
    }

    @Override
    public Map<String, String> headers() {
        return Map.of("WWW-Authenticate", "Bearer realm=\"fuxi\"");
    }
}
