package io.fuxi.platform.rest;

import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.List;

/** An OpenAPI document as a maintained parser (swagger-parser) reads it: what it finds wrong, and the document. */
public final class OpenApiValidation {

    private OpenApiValidation() {}

    /** The parser's messages on a document in YAML or JSON (unknown properties, wrong types, references to nothing). */
    public static SwaggerParseResult parse(String document) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        return new OpenAPIV3Parser().readContents(document, null, options);
    }

    public static List<String> problems(SwaggerParseResult result) {
        return result.getMessages() == null ? List.of() : result.getMessages();
    }
}
