package io.fuxi.platform.rest;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;
import jakarta.json.JsonString;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParserFactory;
import java.io.InputStream;
import java.io.Reader;
import java.util.Collection;
import java.util.Map;

/**
 * JSON-P's factories, made once. Every {@code Json.createX} call looks the provider up again, a ServiceLoader scan
 * of the class path, which a flight recording of the create path found to be a large share of its samples
 * (docs/performance-history.md). Use these instead.
 */
public final class Jsons {

    private static final JsonProvider PROVIDER = JsonProvider.provider();
    private static final JsonBuilderFactory BUILDERS = PROVIDER.createBuilderFactory(Map.of());
    private static final JsonReaderFactory READERS = PROVIDER.createReaderFactory(Map.of());
    private static final JsonParserFactory PARSERS = PROVIDER.createParserFactory(Map.of());

    private Jsons() {}

    public static JsonObjectBuilder object() {
        return BUILDERS.createObjectBuilder();
    }

    /** A builder that starts as a copy of the object. */
    public static JsonObjectBuilder object(JsonObject from) {
        return BUILDERS.createObjectBuilder(from);
    }

    public static JsonArrayBuilder array() {
        return BUILDERS.createArrayBuilder();
    }

    public static JsonArrayBuilder array(Collection<?> values) {
        return BUILDERS.createArrayBuilder(values);
    }

    public static JsonReader reader(Reader text) {
        return READERS.createReader(text);
    }

    public static JsonReader reader(InputStream bytes) {
        return READERS.createReader(bytes);
    }

    public static JsonParser parser(Reader text) {
        return PARSERS.createParser(text);
    }

    public static JsonNumber number(int value) {
        return PROVIDER.createValue(value);
    }

    public static JsonString text(String value) {
        return PROVIDER.createValue(value);
    }
}
