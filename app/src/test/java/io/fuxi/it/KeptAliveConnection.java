package io.fuxi.it;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * HTTP/1.1 requests one after the other on a single socket, as a proxy in front of Fuxi sends them: tells how many
 * were answered before the server closed the connection or asked to.
 */
final class KeptAliveConnection {

    private KeptAliveConnection() {}

    /**
     * Sends up to {@code requests} GETs for the path and answers how many were answered with the status expected
     * before the server said {@code Connection: close} (that answer counted) or closed the socket.
     */
    static int answered(int port, String path, int requests, int expectedStatus) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            byte[] request = ("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < requests; i++) {
                out.write(request);
                out.flush();
                String head = head(in);
                if (head == null) {
                    return i; // closed before answering
                }
                if (!head.startsWith("HTTP/1.1 " + expectedStatus + " ")) {
                    throw new AssertionError("request " + (i + 1) + " was answered: " + head);
                }
                skipBody(in, head);
                if (head.toLowerCase(Locale.ROOT).contains("\r\nconnection: close")) {
                    return i + 1;
                }
            }
            return requests;
        }
    }

    /** The status line and headers, or null when the connection ended first. */
    private static String head(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            head.write(b);
            matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.US_ASCII);
    }

    private static void skipBody(InputStream in, String head) throws IOException {
        String lower = head.toLowerCase(Locale.ROOT);
        if (lower.contains("\r\ntransfer-encoding:")) {
            throw new AssertionError("a chunked answer, which this test does not read: " + head);
        }
        int at = lower.indexOf("\r\ncontent-length:");
        if (at < 0) {
            return;
        }
        int end = lower.indexOf("\r\n", at + 2);
        long length = Long.parseLong(
                lower.substring(at + "\r\ncontent-length:".length(), end).trim());
        if (in.readNBytes((int) length).length != length) {
            throw new AssertionError("the connection ended inside an answer's body");
        }
    }
}
