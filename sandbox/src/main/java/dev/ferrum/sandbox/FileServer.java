package dev.ferrum.sandbox;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An HTTP server holding fixed files: the sandbox's sample image, and in the integration tests the
 * instance image the agent streams and the deploy kernel/ramdisk Ironic's PXE boot interface caches.
 * Answers HEAD with the length and a Last-Modified date because image services (Ironic's among them)
 * check images with HEAD before a deploy. The tests also use its paced mode, which makes a download
 * last long enough to interrupt, and its count of downloads served to the last byte.
 */
public final class FileServer implements AutoCloseable {
    private static final String LAST_MODIFIED = "Sun, 22 Nov 2026 00:00:00 GMT";

    private static final int CHUNK = 64 << 10;

    private final HttpServer server;
    private final Map<String, byte[]> files;
    private final Duration pausePerChunk;
    private final AtomicInteger completed = new AtomicInteger();

    public FileServer(Map<String, byte[]> files) {
        this(files, InetAddress.getLoopbackAddress(), Duration.ZERO);
    }

    /** Serves on {@code address} instead of loopback, e.g. a container bridge's gateway. */
    public FileServer(Map<String, byte[]> files, InetAddress address) {
        this(files, address, Duration.ZERO);
    }

    /** Streams files in 64 KiB chunks with a pause after each, so a download lasts long enough to interrupt. */
    public FileServer(Map<String, byte[]> files, Duration pausePerChunk) {
        this(files, InetAddress.getLoopbackAddress(), pausePerChunk);
    }

    private FileServer(Map<String, byte[]> files, InetAddress address, Duration pausePerChunk) {
        this.files = Map.copyOf(files);
        this.pausePerChunk = pausePerChunk;
        try {
            server = HttpServer.create(new InetSocketAddress(address, 0), 0);
        } catch (IOException e) {
            throw new SandboxException("cannot open the image server on " + address.getHostAddress() + ": " + e.getMessage(), e);
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
                // The JDK server sets no length for HEAD; image checks read the size from this header.
                exchange.getResponseHeaders().set("Content-Length", Long.toString(body.length));
                exchange.sendResponseHeaders(200, -1);
                return;
            }
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                for (int at = 0; at < body.length; at += CHUNK) {
                    out.write(body, at, Math.min(CHUNK, body.length - at));
                    if (!pausePerChunk.isZero()) {
                        out.flush();
                        pause();
                    }
                }
            }
            completed.incrementAndGet();
        }
    }

    /** How many GETs were served to their last byte. */
    public int completedDownloads() {
        return completed.get();
    }

    private void pause() throws IOException {
        try {
            Thread.sleep(pausePerChunk);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("image server stopping", e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
