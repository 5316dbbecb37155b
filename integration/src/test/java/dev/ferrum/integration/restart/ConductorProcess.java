package dev.ferrum.integration.restart;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Ferrum's conductor ({@code dev.ferrum.conductor.Main}) as its own JVM on an embedded SQLite data
 * directory, so a test can kill it with SIGKILL mid-flow and start another on the same data.
 */
public final class ConductorProcess implements AutoCloseable {
    static final String NAME = "restart-conductor";

    private final Process process;
    private final Path log;

    private ConductorProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** Starts a conductor on {@code port} over {@code dataDir} and returns once its API answers. */
    static ConductorProcess start(Path dataDir, int port, Path log) throws InterruptedException {
        return start(dataDir, port, log, NAME, 10);
    }

    /** As {@link #start(Path, int, Path)}, under another name and heartbeat interval (takeover after 6). */
    static ConductorProcess start(Path dataDir, int port, Path log, String name, int heartbeatSeconds)
            throws InterruptedException {
        return start(dataDir, port, log, name, heartbeatSeconds, List.of());
    }

    /** As above, with more command-line options (a shared {@code --database-url}, a heartbeat timeout). */
    public static ConductorProcess start(Path dataDir, int port, Path log, String name, int heartbeatSeconds,
            List<String> options) throws InterruptedException {
        return start(dataDir, port, log, name, heartbeatSeconds, options, System.getProperty("java.class.path"));
    }

    /** As above, on {@code classPath} (a bench puts an earlier commit's conductor classes first). */
    public static ConductorProcess start(Path dataDir, int port, Path log, String name, int heartbeatSeconds,
            List<String> options, String classPath) throws InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new java.util.ArrayList<>(List.of(java, "-Xmx256m", "-cp", classPath,
                "dev.ferrum.conductor.Main", "--host", "127.0.0.1", "--port", Integer.toString(port),
                "--data-dir", dataDir.toString(), "--boot-files", dataDir.resolve("boot").toString(),
                // The same name on restart: the new process owns the locks the killed one held.
                "--noauth", "--no-automated-clean", "--name", name,
                "--heartbeat-interval", Integer.toString(heartbeatSeconds)));
        command.addAll(options);
        Process process;
        try {
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the conductor", e);
        }
        ConductorProcess conductor = new ConductorProcess(process, log);
        try {
            conductor.awaitApi(port);
        } catch (RuntimeException | InterruptedException e) {
            conductor.close();
            throw e;
        }
        return conductor;
    }

    private void awaitApi(int port) throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        Instant until = Instant.now().plusSeconds(60);
        while (Instant.now().isBefore(until)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the conductor exited with " + process.exitValue() + ":\n" + log());
            }
            try {
                HttpResponse<Void> answer = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/"))
                        .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.discarding());
                if (answer.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // Not listening yet.
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("the conductor did not answer within 60 s:\n" + log());
    }

    /** SIGKILL, as a crash or an OOM kill would: no shutdown hook runs, nothing is flushed or released. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the conductor " + process.pid() + " survived SIGKILL");
        }
    }

    long pid() {
        return process.pid();
    }

    public String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(conductor log unreadable: " + e + ")";
        }
    }

    /** Stops the conductor (politely, then forcibly); safe to call after {@link #kill}. */
    @Override
    public void close() throws InterruptedException {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
