package dev.ferrum.agent.image.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A static-file HTTP server on loopback for the image writer's tests, with knobs per resource:
 * Range support on or off, dropping the connection after N bytes for the first K responses,
 * changing the ETag on every response, answering an error status. Records every request.
 */
public final class FixtureHttpServer implements AutoCloseable {
    private static final Pattern RANGE = Pattern.compile("bytes=(\\d+)-(\\d*)");

    /** How one resource misbehaves. */
    public static final class Behaviour {
        volatile boolean ranges = true;
        volatile long dropAfter = -1;
        final AtomicInteger dropsLeft = new AtomicInteger();
        volatile boolean changingEtag;
        volatile int status = 200;
        final AtomicInteger statusLeft = new AtomicInteger(Integer.MAX_VALUE);

        public Behaviour noRanges() {
            ranges = false;
            return this;
        }

        /** The next {@code times} responses break after {@code bytes} body bytes. */
        public Behaviour drop(int times, long bytes) {
            dropAfter = bytes;
            dropsLeft.set(times);
            return this;
        }

        public Behaviour changingEtag() {
            changingEtag = true;
            return this;
        }

        /** Answer {@code code} (no body) to the next {@code times} requests. */
        public Behaviour status(int code, int times) {
            status = code;
            statusLeft.set(times);
            return this;
        }
    }

    /** One request as the server saw it. */
    public record Request(String path, String rawQuery, String range, String acceptEncoding, String authorization) {
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final Map<String, byte[]> files = new ConcurrentHashMap<>();
    private final Map<String, Behaviour> behaviours = new ConcurrentHashMap<>();
    private final List<Request> requests = new ArrayList<>();
    private final AtomicInteger etagCounter = new AtomicInteger();

    public FixtureHttpServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    /** Serves {@code content} at {@code path} and returns its behaviour knobs. */
    public Behaviour serve(String path, byte[] content) {
        files.put(path, content);
        Behaviour b = new Behaviour();
        behaviours.put(path, b);
        return b;
    }

    public URI url(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + pathAndQuery);
    }

    public synchronized List<Request> requests() {
        return List.copyOf(requests);
    }

    public synchronized List<Request> requests(String path) {
        return requests.stream().filter(r -> r.path().equals(path)).toList();
    }

    private void handle(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getRawPath();
        String range = ex.getRequestHeaders().getFirst("Range");
        synchronized (this) {
            requests.add(new Request(path, ex.getRequestURI().getRawQuery(), range,
                    ex.getRequestHeaders().getFirst("Accept-Encoding"), ex.getRequestHeaders().getFirst("Authorization")));
        }
        byte[] content = files.get(path);
        Behaviour b = behaviours.get(path);
        if (content == null) {
            ex.sendResponseHeaders(404, -1);
            ex.close();
            return;
        }
        if (b.status != 200 && b.statusLeft.getAndDecrement() > 0) {
            ex.sendResponseHeaders(b.status, -1);
            ex.close();
            return;
        }
        String etag = b.changingEtag ? "\"v" + etagCounter.incrementAndGet() + "\"" : "\"" + Integer.toHexString(java.util.Arrays.hashCode(content)) + "\"";
        ex.getResponseHeaders().add("ETag", etag);
        ex.getResponseHeaders().add("Last-Modified", "Sat, 01 Nov 2025 10:00:00 GMT");
        ex.getResponseHeaders().add("Accept-Ranges", b.ranges ? "bytes" : "none");
        long first = 0;
        long last = content.length - 1L;
        int status = 200;
        Matcher m = range == null ? null : RANGE.matcher(range.trim());
        if (b.ranges && m != null && m.matches()) {
            first = Long.parseLong(m.group(1));
            if (!m.group(2).isEmpty()) {
                last = Math.min(last, Long.parseLong(m.group(2)));
            }
            if (first >= content.length) {
                ex.getResponseHeaders().add("Content-Range", "bytes */" + content.length);
                ex.sendResponseHeaders(416, -1);
                ex.close();
                return;
            }
            status = 206;
            ex.getResponseHeaders().add("Content-Range", "bytes " + first + "-" + last + "/" + content.length);
        }
        long length = last - first + 1;
        ex.sendResponseHeaders(status, length == 0 ? -1 : length);
        long limit = length;
        boolean drop = b.dropAfter >= 0 && b.dropsLeft.getAndDecrement() > 0;
        if (drop) {
            limit = Math.min(length, b.dropAfter);
        }
        OutputStream os = ex.getResponseBody();
        try {
            for (long done = 0; done < limit; ) {
                int n = (int) Math.min(64 * 1024, limit - done);
                os.write(content, (int) (first + done), n);
                done += n;
            }
            os.flush();
            if (drop) {
                // Leaving the handler with the body unfinished makes the server close the connection.
                throw new IOException("fixture server dropping the connection (injected)");
            }
            os.close();
        } catch (IOException e) {
            ex.close();
            if (!drop) {
                return; // the client went away; nothing to serve
            }
            throw e;
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
