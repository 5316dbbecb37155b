package dev.ferrum.conductor.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The training run the build makes the conductor's class cache from (conductor/pom.xml; JDK 25's AOT cache,
 * AppCDS before): a conductor started from the same options path as {@code ./ferrum conductor --noauth}, on the
 * embedded store in a fresh directory, answering the requests a client's first minute sends, then stopped. The
 * cache holds what this run loaded and linked, so a start that does the same finds it ready.
 *
 * <p>Usage: {@code CacheTraining RUNTIME-FILE}; writes the training runtime's version there, which {@code ./ferrum}
 * compares with the runtime it is about to start before it offers the cache.
 */
public final class CacheTraining {
    private CacheTraining() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: CacheTraining RUNTIME-FILE");
            System.exit(2);
        }
        // As Main starts a conductor, so the cache holds what that start loads on both of its threads.
        ConductorCommand.prepareInBackground();
        Path data = Files.createTempDirectory("ferrum-cache-training");
        try {
            ConductorSettings settings = ConductorCommand.settingsFrom("--noauth", "--port",
                    Integer.toString(freePort()), "--data-dir", data.toString(), "--name", "cache-training");
            try (ConductorServer server = ConductorServer.start(settings)) {
                exercise("http://127.0.0.1:" + server.port());
            }
        } finally {
            delete(data);
        }
        Files.writeString(Path.of(args[0]), System.getProperty("java.runtime.version") + "\n");
    }

    /** The API calls a client makes first: version discovery, a node enrolled, listed, shown and deleted. */
    private static void exercise(String base) throws IOException {
        call("GET", base + "/", 200, "");
        call("GET", base + "/v1", 200, "");
        call("GET", base + "/v1/drivers", 200, "");
        call("POST", base + "/v1/nodes", 201, "{\"name\": \"training\", \"driver\": \"fake-hardware\"}");
        call("GET", base + "/v1/nodes", 200, "");
        call("GET", base + "/v1/nodes/detail", 200, "");
        call("GET", base + "/v1/nodes/training", 200, "");
        call("GET", base + "/v1/ports", 200, "");
        call("DELETE", base + "/v1/nodes/training", 204, "");
        call("GET", base + "/v1/nodes/training", 404, "");
    }

    private static void call(String method, String url, int expected, String body) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) URI.create(url).toURL().openConnection();
        connection.setRequestMethod(method);
        connection.setRequestProperty("X-OpenStack-Ironic-API-Version", "latest");
        if (!body.isEmpty()) {
            connection.setDoOutput(true);
            connection.setRequestProperty("Content-Type", "application/json");
            try (OutputStream out = connection.getOutputStream()) {
                out.write(body.getBytes(StandardCharsets.UTF_8));
            }
        }
        int status = connection.getResponseCode();
        try (InputStream in = status < 400 ? connection.getInputStream() : connection.getErrorStream()) {
            if (in != null) {
                in.readAllBytes();
            }
        }
        // A cache trained on failures would hold the error path, not the one starts take: stop the build instead.
        if (status != expected) {
            throw new IllegalStateException("cache training: " + method + " " + url + " answered " + status
                    + ", expected " + expected);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
