package dev.ferrum.integration.restart;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One loopback address in front of several conductors, as a site puts a load balancer (or a shared DNS name)
 * in front of its Ironic APIs: ramdisks are given one API address ({@code --public-url}) and must keep reaching
 * a live conductor when the one they talked to dies. Each new TCP connection goes to the next backend in turn;
 * a backend that refuses the connection (its process is gone) is skipped, so a SIGKILLed conductor drops out at
 * once, as a load balancer's health check would drop it. Bytes are relayed unchanged, so HTTP keep-alive
 * connections stay on one backend until either side closes them.
 */
final class FrontAddress implements AutoCloseable {
    private final ServerSocket listener;
    private final List<Integer> backends;
    private final AtomicInteger next = new AtomicInteger();
    private final Thread acceptor;

    FrontAddress(List<Integer> backendPorts) {
        this.backends = List.copyOf(backendPorts);
        try {
            listener = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the front address on loopback", e);
        }
        acceptor = Thread.ofPlatform().name("front-address").daemon().start(this::accept);
    }

    int port() {
        return listener.getLocalPort();
    }

    String url() {
        return "http://127.0.0.1:" + port();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Thread.ofVirtual().start(() -> relay(client));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void relay(Socket client) {
        try (client; Socket backend = connect()) {
            if (backend == null) {
                return;
            }
            Thread up = Thread.ofVirtual().start(() -> pipe(client, backend));
            pipe(backend, client);
            up.join();
        } catch (IOException | InterruptedException e) {
            // One side went away: the other side sees its connection close, as with a real balancer.
        }
    }

    /** The next backend that accepts a connection, or null when none does. */
    private Socket connect() {
        int first = Math.floorMod(next.getAndIncrement(), backends.size());
        for (int i = 0; i < backends.size(); i++) {
            int port = backends.get((first + i) % backends.size());
            Socket socket = new Socket();
            try {
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
                return socket;
            } catch (IOException refused) {
                closeQuietly(socket);
            }
        }
        return null;
    }

    /** Copies until {@code from} ends, then ends {@code to}'s output so its peer sees the close too. */
    private static void pipe(Socket from, Socket to) {
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            in.transferTo(out);
            to.shutdownOutput();
        } catch (IOException e) {
            // A reset: drop both ends, as the peer's would be.
            closeQuietly(to);
            closeQuietly(from);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Already gone.
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        acceptor.interrupt();
    }
}
