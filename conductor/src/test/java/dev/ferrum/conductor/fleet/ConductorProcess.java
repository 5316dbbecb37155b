package dev.ferrum.conductor.fleet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real conductor ({@code dev.ferrum.conductor.Main}, i.e. ConductorServer) in a JVM of its own, so
 * the load generator and the server never share a heap, a GC or JIT threads. Started with
 * {@code --noauth} on a free loopback port; {@link #close()} stops it by its PID (SIGTERM, then SIGKILL
 * if it has not exited within 30 s), so a failing test or benchmark leaves no process behind.
 */
final class ConductorProcess implements AutoCloseable {
    private static final Duration STOP_GRACE = Duration.ofSeconds(30);

    private final Process process;
    private final URI base;
    private final long launchedAtNanos;
    private final Path log;

    private ConductorProcess(Process process, URI base, long launchedAtNanos, Path log) {
        this.process = process;
        this.base = base;
        this.launchedAtNanos = launchedAtNanos;
        this.log = log;
    }

    /** Launches the JVM and returns at once; {@link #awaitApi} tells when it answers. */
    static ConductorProcess launch(ConductorLaunch launch) {
        int port = freePort();
        List<String> command = new ArrayList<>();
        command.add(launch.java().toString());
        command.addAll(launch.jvmOptions());
        command.addAll(List.of("-cp", launch.classPath(), "dev.ferrum.conductor.Main",
                "--host", "127.0.0.1", "--port", Integer.toString(port), "--noauth",
                "--data-dir", launch.dataDir().toString(),
                "--boot-files", launch.dataDir().resolve("boot").toString()));
        if (!launch.conductorOptions().contains("--name")) {
            command.addAll(List.of("--name", "fleet-bench"));
        }
        command.addAll(launch.conductorOptions());
        try {
            Files.createDirectories(launch.log().toAbsolutePath().getParent());
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(launch.log().toFile()));
            long launched = System.nanoTime();
            Process process = builder.start();
            return new ConductorProcess(process, URI.create("http://127.0.0.1:" + port), launched, launch.log());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the conductor: " + command, e);
        }
    }

    /**
     * Polls {@code GET /} every 5 ms until it answers 200 and returns the time since launch; fails when
     * the process exits or {@code timeout} passes first.
     */
    Duration awaitApi(HttpClient http, Duration timeout) throws InterruptedException {
        HttpRequest root = HttpRequest.newBuilder(base.resolve("/")).timeout(Duration.ofSeconds(5)).GET().build();
        long deadline = launchedAtNanos + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the conductor exited with " + process.exitValue()
                        + " before answering; see " + log);
            }
            try {
                HttpResponse<Void> answer = http.send(root, HttpResponse.BodyHandlers.discarding());
                if (answer.statusCode() == 200) {
                    return Duration.ofNanos(System.nanoTime() - launchedAtNanos);
                }
            } catch (ConnectException | HttpTimeoutException notYet) {
                // Not listening yet: poll again.
            } catch (IOException closedEarly) {
                // A connection accepted while the server was still starting and then dropped: poll again.
            }
            Thread.sleep(5);
        }
        throw new IllegalStateException("the conductor did not answer GET / within " + timeout + "; see " + log);
    }

    URI base() {
        return base;
    }

    long pid() {
        return process.pid();
    }

    ProcessUsage usage() {
        return ProcessUsage.read(Path.of("/proc"), process.pid());
    }

    /** SIGKILL, as a crash or an OOM kill would: no shutdown hook runs, nothing is released. */
    void kill() throws InterruptedException {
        process.destroyForcibly().waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static int freePort() {
        // The port is free now; the conductor binds it a moment later. Only loopback, so a clash is unlikely.
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port", e);
        }
    }
}
