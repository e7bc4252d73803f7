package io.fuxi.idempotency.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.problem.Problem;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The Idempotency-Key check, which runs before the filter reads the body or asks the store: a request here answers
 * its header only and stops the filter where it would read the body. What follows (claims, replays) needs the
 * container and the database: PartnerApiIT covers it.
 */
class IdempotencyFilterTest {

    /** No store and no caller: a filter that got past the key check without reading the body would fail. */
    private final IdempotencyFilter filter = new IdempotencyFilter();

    @Test
    void aKeyOf1To255PrintableAsciiCharactersIsTaken() {
        String everyPrintable = IntStream.range(0x21, 0x7F)
                .mapToObj(c -> String.valueOf((char) c))
                .collect(Collectors.joining());
        for (String key :
                List.of("a", "~", "retry-1", "550e8400-e29b-41d4-a716-446655440000", everyPrintable, "k".repeat(255))) {
            assertThrows(BodyRead.class, () -> filter.filter(request(key)), key);
        }
    }

    @Test
    void anyOtherKeyIsA400NamingTheHeaderBeforeTheBodyIsRead() {
        for (String key : List.of(
                "",
                " ",
                "two words",
                "k".repeat(256),
                "tab\tin",
                "line\nbreak",
                "nul\u0000",
                "del\u007F",
                "caf\u00e9",
                "\u30ad\u30fc")) {
            InvalidFieldException refused =
                    assertThrows(InvalidFieldException.class, () -> filter.filter(request(key)), key);
            Problem problem = refused.toProblem();
            assertEquals(400, problem.status(), key);
            assertEquals(IdempotencyFilter.HEADER, problem.field(), key);
        }
    }

    @Test
    void aRequestWithoutAKeyIsLeftAloneAndItsAnswerIsNotKept() {
        ContainerRequestContext request = request(null);
        filter.filter(request);
        filter.filter(request, answer());
    }

    /** Thrown where the filter would go on to read the request's body, past the key check. */
    private static final class BodyRead extends RuntimeException {}

    private static ContainerRequestContext request(String key) {
        return (ContainerRequestContext) Proxy.newProxyInstance(
                IdempotencyFilterTest.class.getClassLoader(),
                new Class<?>[] {ContainerRequestContext.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getHeaderString" -> {
                        assertEquals(IdempotencyFilter.HEADER, args[0]);
                        yield key;
                    }
                    case "getEntityStream" -> throw new BodyRead();
                    case "getProperty" -> null;
                    case "toString" -> "request with Idempotency-Key " + key;
                    default -> throw new AssertionError("the key check asked the request for " + method.getName());
                });
    }

    private static ContainerResponseContext answer() {
        return (ContainerResponseContext) Proxy.newProxyInstance(
                IdempotencyFilterTest.class.getClassLoader(),
                new Class<?>[] {ContainerResponseContext.class},
                (proxy, method, args) -> {
                    throw new AssertionError("an answer to a request without a key was read: " + method.getName());
                });
    }
}
