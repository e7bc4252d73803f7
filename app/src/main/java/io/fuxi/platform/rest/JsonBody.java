package io.fuxi.platform.rest;

import io.fuxi.platform.problem.ProblemException;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads a request body as JSON, strictly: one value and nothing after it; bytes that are not UTF-8 are refused
 * rather than replaced; and
 * whatever the parser throws on the caller's bytes (malformed, cut short, nested too deeply) is a 400 naming the
 * body, never a 500. A problem raised while reading (the size limit's 413) keeps its own status.
 */
public final class JsonBody {

    private JsonBody() {}

    public static JsonValue read(InputStream body) {
        var strictUtf8 = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try (JsonParser parser = Jsons.parser(new InputStreamReader(body, strictUtf8))) {
            parser.next();
            JsonValue value = parser.getValue();
            if (parser.hasNext()) {
                throw malformed("The body has more after its JSON value.");
            }
            return value;
        } catch (RuntimeException e) {
            throw problemFor(e);
        }
    }

    private static ProblemException problemFor(RuntimeException failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ProblemException problem) {
                return problem;
            }
            if (cause instanceof CharacterCodingException) {
                return malformed("The body is not valid UTF-8.");
            }
        }
        return malformed("The body is not valid JSON (or is nested more than 1,000 levels deep).");
    }

    private static ProblemException malformed(String detail) {
        return new ProblemException(400, "Malformed JSON", detail, "body");
    }
}
