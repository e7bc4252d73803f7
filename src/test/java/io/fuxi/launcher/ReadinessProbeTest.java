package io.fuxi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The probe against a real listening socket on loopback that answers as told. */
class ReadinessProbeTest {

    @Test
    void aPageThatAnswers200IsReadyAndTheRequestNamesItsPath() throws Exception {
        try (ServerSocket server = loopbackServer()) {
            CompletableFuture<String> requestLine = answerOnce(server, "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");
            assertTrue(new ReadinessProbe(server.getLocalPort(), "/index.html").answersOk());
            assertEquals("GET /index.html HTTP/1.1", requestLine.get(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void anyOtherAnswerIsNotReady() throws Exception {
        try (ServerSocket server = loopbackServer()) {
            answerOnce(server, "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n");
            assertFalse(new ReadinessProbe(server.getLocalPort(), "/index.html").answersOk());
            answerOnce(server, "HTTP/1.1 2000 Nonsense\r\n\r\n");
            assertFalse(new ReadinessProbe(server.getLocalPort(), "/index.html").answersOk());
            answerOnce(server, ""); // closed without a word
            assertFalse(new ReadinessProbe(server.getLocalPort(), "/index.html").answersOk());
        }
    }

    @Test
    void aPortWhereNothingListensIsNotReady() throws IOException {
        int port;
        try (ServerSocket closed = loopbackServer()) {
            port = closed.getLocalPort();
        }
        assertFalse(new ReadinessProbe(port, "/index.html").answersOk());
    }

    private static ServerSocket loopbackServer() throws IOException {
        return new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    }

    /** Accepts one connection, reads its request line and headers, writes the answer and closes. */
    private static CompletableFuture<String> answerOnce(ServerSocket server, String answer) {
        return CompletableFuture.supplyAsync(() -> {
            try (Socket client = server.accept()) {
                BufferedReader in =
                        new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.US_ASCII));
                String requestLine = in.readLine();
                for (String header = in.readLine(); header != null && !header.isEmpty(); header = in.readLine()) {
                    // read the headers before answering
                }
                client.getOutputStream().write(answer.getBytes(StandardCharsets.US_ASCII));
                return requestLine;
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }
}
