package io.fuxi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The probe against a real listening socket on loopback that answers as told. */
class ReadinessProbeTest {

    private static final String REQUEST_LINE = "GET /index.html HTTP/1.1";

    @Test
    void aPageThatAnswers200IsReady() throws Exception {
        for (String answer : new String[] {
            "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", "HTTP/1.0 200 OK\r\n\r\n", "HTTP/1.1 200\r\n\r\n"
        }) {
            assertTrue(probeAgainst(answer), answer);
        }
    }

    @Test
    void anyOtherAnswerIsNotReady() throws Exception {
        for (String answer : new String[] {
            "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n",
            "HTTP/1.1 2000 Nonsense\r\n\r\n",
            "SSH-2.0-OpenSSH_9.2\r\n",
            "" // closed without a word
        }) {
            assertFalse(probeAgainst(answer), answer);
        }
    }

    @Test
    void aServerThatKeepsTheConnectionOpenAfterItsStatusLineIsReadyAtOnce() throws Exception {
        assertTrue(probeHeldOpen("HTTP/1.1 200 OK\r\n", Duration.ofSeconds(30)));
    }

    @Test
    void aStatusLineThatStallsIsNotReadyOnceTheAnswerTimeoutIsUp() throws Exception {
        assertFalse(probeHeldOpen("HTTP/1.1 20", Duration.ofMillis(300)));
    }

    @Test
    void aPortWhereNothingListensIsNotReady() throws IOException {
        int port;
        try (ServerSocket closed = loopbackServer()) {
            port = closed.getLocalPort();
        }
        assertFalse(new ReadinessProbe("127.0.0.1", port, "/index.html", Duration.ofSeconds(1)).answersOk());
    }

    @Test
    void aListenerOnEveryInterfaceIsAskedOnLoopback() throws Exception {
        try (ServerSocket server = loopbackServer()) {
            CompletableFuture<String> requestLine =
                    answerOnce(server, "HTTP/1.1 200 OK\r\n\r\n", new CountDownLatch(0));
            assertTrue(new ReadinessProbe("0.0.0.0", server.getLocalPort(), "/index.html", Duration.ofSeconds(5))
                    .answersOk());
            assertEquals(REQUEST_LINE, requestLine.get(5, TimeUnit.SECONDS));
        }
    }

    /** Whether the probe found the page ready when the server answered this, having asked for the page. */
    private static boolean probeAgainst(String answer) throws Exception {
        try (ServerSocket server = loopbackServer()) {
            CompletableFuture<String> requestLine = answerOnce(server, answer, new CountDownLatch(0));
            boolean ready = probe(server, Duration.ofSeconds(5)).answersOk();
            assertEquals(REQUEST_LINE, requestLine.get(5, TimeUnit.SECONDS), answer);
            return ready;
        }
    }

    /**
     * What the probe found, within 10 s, when the server wrote this and then kept the connection open: the probe
     * reads no further than the status line, and waits no longer than its answer timeout for it.
     */
    private static boolean probeHeldOpen(String answer, Duration answerTimeout) throws Exception {
        try (ServerSocket server = loopbackServer()) {
            CountDownLatch probed = new CountDownLatch(1);
            CompletableFuture<String> requestLine = answerOnce(server, answer, probed);
            ReadinessProbe probe = probe(server, answerTimeout);
            boolean ready = assertTimeoutPreemptively(Duration.ofSeconds(10), probe::answersOk);
            probed.countDown();
            assertEquals(REQUEST_LINE, requestLine.get(5, TimeUnit.SECONDS));
            return ready;
        }
    }

    private static ReadinessProbe probe(ServerSocket server, Duration answerTimeout) {
        return new ReadinessProbe(
                server.getInetAddress().getHostAddress(), server.getLocalPort(), "/index.html", answerTimeout);
    }

    private static ServerSocket loopbackServer() throws IOException {
        return new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    }

    /**
     * Accepts one connection, reads its request line and headers, writes the answer, and closes once {@code release}
     * is counted down (at once for a latch of 0).
     */
    private static CompletableFuture<String> answerOnce(ServerSocket server, String answer, CountDownLatch release) {
        return CompletableFuture.supplyAsync(() -> {
            try (Socket client = server.accept()) {
                BufferedReader in =
                        new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.US_ASCII));
                String requestLine = in.readLine();
                for (String header = in.readLine(); header != null && !header.isEmpty(); header = in.readLine()) {
                    // read the headers before answering
                }
                client.getOutputStream().write(answer.getBytes(StandardCharsets.US_ASCII));
                client.getOutputStream().flush();
                release.await(10, TimeUnit.SECONDS);
                return requestLine;
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
    }
}
