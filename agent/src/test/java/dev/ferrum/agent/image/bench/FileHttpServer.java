package dev.ferrum.agent.image.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Serves the regular files of one directory on loopback, with single Range requests, a stable
 * ETag and Last-Modified. Unlike the tests' {@code FixtureHttpServer} it streams each response from
 * the file through a 64 KiB buffer, so a multi-GiB image costs the serving process no memory (the
 * peak-RSS test runs server and writer in one JVM and must measure the writer, not the fixture).
 */
public final class FileHttpServer implements AutoCloseable {
    private static final Pattern RANGE = Pattern.compile("bytes=(\\d+)-(\\d*)");
    private static final int BUFFER = 64 * 1024;

    private final Path root;
    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();

    public FileHttpServer(Path root) throws IOException {
        this.root = root.toAbsolutePath().normalize();
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    /** The URL of {@code file}, which must lie in the served directory. */
    public URI url(Path file) {
        Path relative = root.relativize(file.toAbsolutePath().normalize());
        return URI.create("http://127.0.0.1:" + port() + "/" + relative.toString().replace('\\', '/'));
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            Path file = root.resolve(ex.getRequestURI().getPath().substring(1)).normalize();
            if (!file.startsWith(root) || !Files.isRegularFile(file)) {
                ex.sendResponseHeaders(404, -1);
                return;
            }
            long size = Files.size(file);
            ex.getResponseHeaders().add("ETag", "\"" + Long.toHexString(size) + "-"
                    + Long.toHexString(Files.getLastModifiedTime(file).toMillis()) + "\"");
            ex.getResponseHeaders().add("Last-Modified", "Sat, 01 Nov 2025 10:00:00 GMT");
            ex.getResponseHeaders().add("Accept-Ranges", "bytes");
            long first = 0;
            long last = size - 1;
            int status = 200;
            String range = ex.getRequestHeaders().getFirst("Range");
            Matcher m = range == null ? null : RANGE.matcher(range.trim());
            if (m != null && m.matches()) {
                first = Long.parseLong(m.group(1));
                if (!m.group(2).isEmpty()) {
                    last = Math.min(last, Long.parseLong(m.group(2)));
                }
                if (first >= size) {
                    ex.getResponseHeaders().add("Content-Range", "bytes */" + size);
                    ex.sendResponseHeaders(416, -1);
                    return;
                }
                status = 206;
                ex.getResponseHeaders().add("Content-Range", "bytes " + first + "-" + last + "/" + size);
            }
            long length = last - first + 1;
            boolean head = ex.getRequestMethod().equals("HEAD");
            ex.sendResponseHeaders(status, head || length == 0 ? -1 : length);
            if (!head) {
                copy(file, first, length, ex.getResponseBody());
            }
        } catch (IOException e) {
            // The client hung up (the writer closes a qcow2 range read as soon as it has what it needs).
        }
    }

    private static void copy(Path file, long from, long length, OutputStream out) throws IOException {
        byte[] buffer = new byte[BUFFER];
        ByteBuffer wrapped = ByteBuffer.wrap(buffer);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long position = from;
            long end = from + length;
            while (position < end) {
                wrapped.clear().limit((int) Math.min(BUFFER, end - position));
                int n = ch.read(wrapped, position);
                if (n < 0) {
                    throw new IOException(file + " shrank while being served");
                }
                out.write(buffer, 0, n);
                position += n;
            }
        }
        out.close();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
