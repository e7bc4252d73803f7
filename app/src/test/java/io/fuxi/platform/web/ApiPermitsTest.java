package io.fuxi.platform.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ApiPermitsTest {

    private final ApiPermits permits = new ApiPermits();

    ApiPermitsTest() {
        permits.maxConcurrent = 4;
        permits.maxConcurrentPerKey = Optional.empty(); // half: 2
        permits.init();
    }

    @Test
    void oneKeyCannotHoldEveryPermit() throws IOException {
        assertNotNull(permits.take(call("Bearer a"), new Answer().response()));
        String second = permits.take(call("Bearer a"), new Answer().response());
        assertNotNull(second);
        Answer refused = new Answer();
        assertNull(permits.take(call("Bearer a"), refused.response()));
        assertEquals(429, refused.status);
        assertTrue(refused.body().contains("This API key has too many calls in progress"), refused.body());

        assertNotNull(permits.take(call("Bearer b"), new Answer().response()), "another key still gets in");
        assertNotNull(permits.take(call("Bearer b"), new Answer().response()));
        Answer full = new Answer();
        assertNull(permits.take(call("Bearer c"), full.response()));
        assertEquals(503, full.status, "the node's permits are all taken");

        permits.release(second);
        assertNotNull(permits.take(call("Bearer c"), new Answer().response()), "a permit given back is free again");
    }

    @Test
    void aRefusedCallHoldsNoShare() throws IOException {
        permits.maxConcurrent = 1;
        permits.init();
        String held = permits.take(call("Bearer a"), new Answer().response());
        for (int i = 0; i < 10; i++) {
            assertNull(permits.take(call("Bearer b"), new Answer().response()));
        }
        permits.release(held);
        assertNotNull(permits.take(call("Bearer b"), new Answer().response()), "b's refusals left nothing held");
    }

    private static HttpServletRequest call(String authorization) {
        return (HttpServletRequest) Proxy.newProxyInstance(
                ApiPermitsTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class},
                (proxy, method, args) ->
                        method.getName().equals("getHeader") && "Authorization".equals(args[0]) ? authorization : null);
    }

    /** What a refusal wrote. */
    private static final class Answer {
        int status = 200;
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        String body() {
            return bytes.toString(StandardCharsets.UTF_8);
        }

        HttpServletResponse response() {
            ServletOutputStream out = new ServletOutputStream() {
                @Override
                public void write(int b) {
                    bytes.write(b);
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setWriteListener(WriteListener listener) {}
            };
            return (HttpServletResponse) Proxy.newProxyInstance(
                    ApiPermitsTest.class.getClassLoader(),
                    new Class<?>[] {HttpServletResponse.class},
                    (proxy, method, args) -> switch (method.getName()) {
                        case "setStatus" -> {
                            status = (Integer) args[0];
                            yield null;
                        }
                        case "getOutputStream" -> out;
                        default -> null;
                    });
        }
    }
}
