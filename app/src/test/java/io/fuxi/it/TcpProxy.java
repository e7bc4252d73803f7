package io.fuxi.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy on 127.0.0.1 that a test can cut, as a network fault or a dead database would: a cut closes every
 * connection through it and refuses new ones until the proxy is restored. It can also freeze, as a database that
 * hangs does: connections stay open and new ones are accepted, but no byte goes through until it thaws.
 */
public final class TcpProxy implements AutoCloseable {

    private final int target;
    private final ServerSocket server;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private final AtomicInteger accepted = new AtomicInteger();
    private volatile boolean cut;
    private volatile boolean frozen;

    public TcpProxy(int target) throws IOException {
        this.target = target;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "tcp-proxy-" + server.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** Connections accepted so far, cut or not. */
    public int accepted() {
        return accepted.get();
    }

    public int port() {
        return server.getLocalPort();
    }

    /** Closes every connection and refuses new ones. */
    public void cut() {
        cut = true;
        open.forEach(TcpProxy::closeQuietly);
        open.clear();
    }

    public void restore() {
        cut = false;
    }

    /** Holds every byte, both ways, on every connection, old and new, until {@link #thaw}. */
    public void freeze() {
        frozen = true;
    }

    public void thaw() {
        frozen = false;
    }

    @Override
    public void close() {
        cut();
        closeQuietly(server);
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                accepted.incrementAndGet();
                if (cut) {
                    client.setSoLinger(true, 0); // a reset, as a refused connection would feel
                    client.close();
                    continue;
                }
                Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
                open.add(client);
                open.add(upstream);
                pump(client, upstream);
                pump(upstream, client);
            } catch (IOException e) {
                // the server closed, or one connection failed: the others go on
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread pump = new Thread(() -> {
            byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream();
                    OutputStream out = to.getOutputStream()) {
                for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                    while (frozen && !to.isClosed()) {
                        Thread.sleep(10);
                    }
                    out.write(buffer, 0, read);
                }
            } catch (IOException e) {
                // either side went away
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                closeQuietly(from);
                closeQuietly(to);
                open.remove(from);
                open.remove(to);
            }
        });
        pump.setDaemon(true);
        pump.start();
    }

    private static void closeQuietly(java.io.Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
