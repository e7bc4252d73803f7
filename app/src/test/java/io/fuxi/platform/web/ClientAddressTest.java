package io.fuxi.platform.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Proxy;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ClientAddressTest {

    private final ClientAddress behindProxies = ClientAddress.trusting(Optional.of("127.0.0.1, 10.0.0.0/8"));

    @Test
    void withoutTrustedProxiesTheSocketIsTheClient() {
        ClientAddress direct = ClientAddress.trusting(Optional.empty());
        assertEquals("127.0.0.1", direct.of(request("127.0.0.1", "203.0.113.9")));
    }

    @Test
    void anUntrustedSocketIsTheClientWhateverItForwards() {
        assertEquals("198.51.100.1", behindProxies.of(request("198.51.100.1", "203.0.113.9")));
    }

    @Test
    void theRightMostUntrustedHopIsTheClient() {
        assertEquals("203.0.113.9", behindProxies.of(request("127.0.0.1", "198.51.100.1, 203.0.113.9, 10.1.2.3")));
    }

    @Test
    void everyLineOfTheHeaderCounts() {
        // HAProxy appends a line of its own: the client it saw is on the last line, not the first one
        assertEquals(
                "198.51.100.77", behindProxies.of(request("127.0.0.1", "203.0.113.9", "198.51.100.77", "10.0.0.5")));
        assertEquals(
                "203.0.113.9,198.51.100.77",
                ClientAddress.forwardedFor(request("127.0.0.1", "203.0.113.9", "198.51.100.77")));
    }

    @Test
    void aProxyThatPassesOnNoAddressLeavesTheClientUnknown() {
        assertNull(behindProxies.of(request("127.0.0.1", "203.0.113.9, not-an-address")));
    }

    @Test
    void onlyAddressLiteralsAreParsed() {
        // InetAddress would look 999.1.1.1 up as a name (a hosts file can answer it): it is no address
        for (String notAnAddress : new String[] {"999.1.1.1", "1.2.3.256", "example.com", "1.2.3", ""}) {
            assertEquals(Optional.empty(), ClientAddress.literal(notAnAddress), notAnAddress);
        }
        assertEquals(
                "1.2.3.255", ClientAddress.literal("1.2.3.255").orElseThrow().getHostAddress());
        assertNull(behindProxies.of(request("127.0.0.1", "999.1.1.1")), "a hop that is no address leaves it unknown");
    }

    @Test
    void noHeaderMeansTheSocket() {
        assertEquals("127.0.0.1", behindProxies.of(request("127.0.0.1")));
        assertNull(ClientAddress.forwardedFor(request("127.0.0.1")));
    }

    /** A request from {@code socket} with these X-Forwarded-For lines. */
    private static HttpServletRequest request(String socket, String... forwardedFor) {
        List<String> lines = List.of(forwardedFor);
        return (HttpServletRequest) Proxy.newProxyInstance(
                ClientAddressTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getRemoteAddr" -> socket;
                    case "getHeader" ->
                        "X-Forwarded-For".equalsIgnoreCase((String) args[0]) && !lines.isEmpty() ? lines.get(0) : null;
                    case "getHeaders" ->
                        Collections.enumeration(
                                "X-Forwarded-For".equalsIgnoreCase((String) args[0]) ? lines : List.of());
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
