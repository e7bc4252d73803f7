package io.fuxi.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Asks Fuxi's own HTTP listener whether a page answers 200, with one blocking socket per try. The launcher asks ten
 * times a second during a start that is bound by the CPU; Java's HttpClient, which it used before, cost the launcher
 * CPU and its JIT's work on top (selector and worker threads, an asynchronous exchange for every refused connection),
 * taken from Payara Micro's start on the same cores (docs/performance-history.md).
 */
final class ReadinessProbe {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);
    private static final int LONGEST_STATUS_LINE = 64;

    private final InetSocketAddress address;
    private final byte[] request;
    private final Duration answerTimeout;

    /**
     * A probe of {@code path} on the listener at {@code listenAddress} (every interface: asked on 127.0.0.1), whose
     * status line must come within {@code answerTimeout} of the connection.
     */
    ReadinessProbe(String listenAddress, int port, String path, Duration answerTimeout) {
        this.address = new InetSocketAddress(askedAt(listenAddress), port);
        this.request = ("GET " + path + " HTTP/1.1\r\nHost: localhost:" + port + "\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        this.answerTimeout = answerTimeout;
    }

    /** True when the page answered 200; false when nothing listens yet, or it answered anything else in time. */
    boolean answersOk() {
        try (Socket socket = new Socket()) {
            socket.connect(address, (int) CONNECT_TIMEOUT.toMillis());
            long deadline = System.nanoTime() + answerTimeout.toNanos();
            socket.getOutputStream().write(request);
            return isOk(statusLine(socket, deadline));
        } catch (IOException notYet) {
            return false;
        }
    }

    /** "HTTP/1.1 200 OK", "HTTP/1.0 200" and the like. */
    private static boolean isOk(String statusLine) {
        String[] parts = statusLine.split(" ", 3);
        return parts.length >= 2 && parts[0].startsWith("HTTP/1.") && parts[1].equals("200");
    }

    /** The answer's first line, at most 64 bytes of it, read before the deadline. */
    private static String statusLine(Socket socket, long deadline) throws IOException {
        InputStream in = socket.getInputStream();
        StringBuilder line = new StringBuilder();
        while (line.length() < LONGEST_STATUS_LINE) {
            long leftNanos = deadline - System.nanoTime();
            if (leftNanos <= 0) {
                throw new SocketTimeoutException("no status line in time");
            }
            socket.setSoTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, leftNanos / 1_000_000)));
            int b = in.read();
            if (b == -1 || b == '\r' || b == '\n') {
                break;
            }
            line.append((char) b);
        }
        return line.toString();
    }

    private static InetAddress askedAt(String listenAddress) {
        try {
            InetAddress listening = InetAddress.getByName(listenAddress);
            return listening.isAnyLocalAddress() ? InetAddress.getLoopbackAddress() : listening;
        } catch (IOException unknown) {
            return InetAddress.getLoopbackAddress(); // the settings refused such an address before the start
        }
    }
}
