package io.fuxi.platform.web;

import io.fuxi.platform.problem.Problem;
import io.fuxi.platform.problem.ProblemException;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Problems answered by filters and servlets, as the JAX-RS mappers answer them: status, headers, problem+json. */
public final class ProblemAnswers {

    private ProblemAnswers() {}

    public static void write(HttpServletResponse response, ProblemException problem) throws IOException {
        write(response, problem.toProblem(), problem.headers());
    }

    public static void write(HttpServletResponse response, Problem problem) throws IOException {
        write(response, problem, problem.headers());
    }

    private static void write(HttpServletResponse response, Problem problem, Map<String, String> headers)
            throws IOException {
        byte[] body = problem.toJson().getBytes(StandardCharsets.UTF_8);
        response.setStatus(problem.status());
        headers.forEach(response::setHeader);
        response.setContentType(Problem.MEDIA_TYPE);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
