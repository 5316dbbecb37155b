package dev.ferrum.sandbox;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;

/**
 * The sandbox's image server: fixed files over HTTP on a free loopback port. Answers HEAD with the
 * length and a Last-Modified date, as image services are checked with HEAD before a deploy.
 */
public final class FileServer implements AutoCloseable {
    private static final String LAST_MODIFIED = "Sun, 22 Nov 2026 00:00:00 GMT";

    private final HttpServer server;
    private final Map<String, byte[]> files;

    public FileServer(Map<String, byte[]> files) {
        this.files = Map.copyOf(files);
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new SandboxException("cannot open the image server on loopback: " + e.getMessage(), e);
        }
        server.createContext("/", this::serve);
        server.start();
    }

    /** The URL of {@code name} on this server. */
    public String url(String name) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/" + name;
    }

    private void serve(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = files.get(exchange.getRequestURI().getPath().substring(1));
            if (body == null) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", "application/octet-stream");
            exchange.getResponseHeaders().set("Last-Modified", LAST_MODIFIED);
            if ("HEAD".equals(exchange.getRequestMethod())) {
                // The JDK server sets no length for HEAD; image checks read the size from this header.
                exchange.getResponseHeaders().set("Content-Length", Long.toString(body.length));
                exchange.sendResponseHeaders(200, -1);
                return;
            }
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
