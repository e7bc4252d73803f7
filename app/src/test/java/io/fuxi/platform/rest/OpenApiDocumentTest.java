package io.fuxi.platform.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.io.File;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** The OpenAPI document (META-INF/openapi.yaml) covers every call of every resource, with its problems. */
class OpenApiDocumentTest {

    /** Every JAX-RS resource among the application's classes, found on disk so that a new one cannot be forgotten. */
    private static List<Class<?>> resources() throws Exception {
        java.nio.file.Path classes = java.nio.file.Path.of(RestApplication.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        try (Stream<java.nio.file.Path> files = Files.walk(classes)) {
            List<Class<?>> resources = new ArrayList<>();
            for (java.nio.file.Path file : files.filter(f ->
                            f.toString().endsWith(".class") && !f.toString().contains("$"))
                    .toList()) {
                String name = classes.relativize(file)
                        .toString()
                        .replace(File.separatorChar, '.')
                        .replaceAll("\\.class$", "");
                Class<?> type = Class.forName(name, false, RestApplication.class.getClassLoader());
                if (type.isAnnotationPresent(Path.class)) {
                    resources.add(type);
                }
            }
            return resources;
        }
    }

    @Test
    void aMaintainedParserFindsNothingWrong() throws Exception {
        try (InputStream yaml = getClass().getResourceAsStream("/META-INF/openapi.yaml")) {
            assertNotNull(yaml, "META-INF/openapi.yaml is missing");
            assertEquals(
                    List.of(),
                    OpenApiValidation.problems(
                            OpenApiValidation.parse(new String(yaml.readAllBytes(), StandardCharsets.UTF_8))));
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyCallIsDocumentedWithItsErrorsAsProblems() throws Exception {
        Map<String, Object> document;
        try (InputStream yaml = getClass().getResourceAsStream("/META-INF/openapi.yaml")) {
            assertNotNull(yaml, "META-INF/openapi.yaml is missing");
            document = new Yaml().load(yaml);
        }
        Map<String, Map<String, Object>> paths = (Map<String, Map<String, Object>>) document.get("paths");
        var calls = new TreeSet<String>();
        List<Class<?>> resources = resources();
        assertTrue(resources.size() >= 4, "found only " + resources);
        for (Class<?> resource : resources) {
            String base = "/api/" + resource.getAnnotation(Path.class).value();
            for (Method method : resource.getDeclaredMethods()) {
                String verb = httpMethod(method);
                if (verb != null) {
                    Path sub = method.getAnnotation(Path.class);
                    calls.add(verb + " " + base + (sub == null ? "" : "/" + sub.value()));
                }
            }
        }
        assertTrue(calls.size() >= 14, "found only " + calls);
        for (String call : calls) {
            String[] parts = call.split(" ");
            Map<String, Object> path = paths.get(parts[1]);
            assertNotNull(path, "not documented: " + call);
            Map<String, Object> operation = (Map<String, Object>) path.get(parts[0].toLowerCase());
            assertNotNull(operation, "not documented: " + call);
            Map<String, Object> responses = (Map<String, Object>) operation.get("responses");
            for (String status : new String[] {"401", "429"}) {
                assertTrue(responses.containsKey(status), call + " documents no " + status);
            }
        }
        assertEquals(
                calls.size(),
                paths.values().stream()
                        .mapToLong(path -> path.keySet().stream()
                                .filter(key -> !key.equals("parameters"))
                                .count())
                        .sum(),
                "the document names calls that do not exist");
    }

    private static String httpMethod(Method method) {
        for (Annotation annotation : method.getAnnotations()) {
            HttpMethod verb = annotation.annotationType().getAnnotation(HttpMethod.class);
            if (verb != null) {
                return verb.value();
            }
        }
        return null;
    }
}
