package io.fuxi.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Asks Fuxi's own HTTP listener whether a page answers 200, with one blocking socket per try. The launcher asks ten
 * times a second during a start that is bound by the CPU; Java's HttpClient, which it used before, cost the launcher
 * about a second of CPU and its JIT's work on top (selector and worker threads, an asynchronous exchange for every
 * refused connection), taken from Payara Micro's start on the same cores.
 */
final class ReadinessProbe {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(30);

    private final InetSocketAddress address;
    private final byte[] request;

    ReadinessProbe(int port, String path) {
        this.address = new InetSocketAddress("127.0.0.1", port);
        this.request = ("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
    }

    /** True when the page answered 200; false when nothing listens yet, or it answered anything else. */
    boolean answersOk() {
        try (Socket socket = new Socket()) {
            socket.connect(address, (int) CONNECT_TIMEOUT.toMillis());
            socket.setSoTimeout((int) ANSWER_TIMEOUT.toMillis());
            socket.getOutputStream().write(request);
            return statusLine(socket.getInputStream()).startsWith("HTTP/1.1 200 ");
        } catch (IOException notYet) {
            return false;
        }
    }

    /** The answer's first line, at most 64 bytes of it. */
    private static String statusLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != -1 && b != '\r' && b != '\n' && line.length() < 64; b = in.read()) {
            line.append((char) b);
        }
        return line.toString();
    }
}
