package dev.ferrum.integration.machine;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;

/**
 * A loopback HTTP server holding fixed files: the instance image the agent streams and the deploy
 * kernel/ramdisk Ironic's PXE boot interface caches. Answers HEAD with the length and a
 * Last-Modified date because Ironic's HTTP image service checks images with HEAD before a deploy.
 */
public final class ImageServer implements AutoCloseable {
    private static final String LAST_MODIFIED = "Sun, 22 Nov 2026 00:00:00 GMT";

    private final HttpServer server;
    private final Map<String, byte[]> files;

    public ImageServer(Map<String, byte[]> files) {
        this(files, InetAddress.getLoopbackAddress());
    }

    /** Serves on {@code address} instead of loopback, e.g. a container bridge's gateway. */
    public ImageServer(Map<String, byte[]> files, InetAddress address) {
        this.files = Map.copyOf(files);
        try {
            server = HttpServer.create(new InetSocketAddress(address, 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the image server on " + address.getHostAddress(), e);
        }
        server.createContext("/", this::serve);
        server.start();
    }

    /** The URL of {@code name} on this server. */
    public String url(String name) {
        return "http://" + server.getAddress().getAddress().getHostAddress() + ":" + server.getAddress().getPort() + "/" + name;
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
                // The JDK server sets no length for HEAD; Ironic reads the size from this header.
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
