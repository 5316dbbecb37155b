package dev.ferrum.agent.image.source;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A loopback server that answers each connection with the next scripted reply, byte for byte: the
 * wire framing a real server library would not produce on demand (chunk extensions, trailers, a
 * body cut mid-chunk, a stall). It records each request head. Closing it stops its thread.
 */
final class ScriptedHttpServer implements AutoCloseable {
    /** What to do with one connection once its request head has arrived. */
    interface Reply {
        void send(OutputStream out) throws IOException;
    }

    private final ServerSocket socket;
    private final BlockingQueue<Reply> replies = new LinkedBlockingQueue<>();
    private final List<String> requests = new ArrayList<>();
    private final Thread acceptor;

    ScriptedHttpServer() throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = Thread.ofPlatform().daemon().name("scripted-http").start(this::serve);
    }

    /** Queues a reply of exactly these bytes, after which the connection is closed. */
    ScriptedHttpServer reply(String head, byte[] body) {
        return reply(out -> {
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
        });
    }

    ScriptedHttpServer reply(Reply reply) {
        replies.add(reply);
        return this;
    }

    URI url(String path) {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort() + path);
    }

    int port() {
        return socket.getLocalPort();
    }

    synchronized List<String> requests() {
        return List.copyOf(requests);
    }

    private void serve() {
        while (!socket.isClosed()) {
            try (Socket s = socket.accept()) {
                String head = readHead(s.getInputStream());
                synchronized (this) {
                    requests.add(head);
                }
                Reply reply = replies.poll();
                OutputStream out = s.getOutputStream();
                if (reply == null) {
                    out.write("HTTP/1.1 500 No reply scripted\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                } else {
                    reply.send(out);
                }
                out.flush();
            } catch (IOException e) {
                // The client went away, or close() stopped the server.
            }
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        int b;
        while (matched < 4 && (b = in.read()) >= 0) {
            head.write(b);
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() {
        try {
            socket.close();
            acceptor.join(5000);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
