package dev.ferrum.imagebuilder.java;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.ferrum.imagebuilder.ImageBuildException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A loopback stand-in for the conductor during class-cache training, so the training run walks the
 * agent's real start path (inspection data, API root, lookup, command API start, first heartbeat) and the classes
 * that path loads at boot come from the archive instead of being read and verified from jars,
 * which costs seconds under emulation. It answers as a conductor new enough (1.68+) to take the
 * agent's auto-TLS certificate, so certificate generation and the HTTPS server are trained too.
 *
 * <p>The agent runs until stopped; once its first heartbeat is answered and it has gone idle, this
 * stops (SIGTERM, so the JVM exits normally and writes its class list or AOT cache) every process
 * descended from the builder whose command line names {@code marker}, the training run's unique
 * scratch machine root.
 * A training command that exits by itself (e.g. {@code inventory}) never calls here.
 */
public final class TrainingConductor implements AutoCloseable {
    /** The node the training agent finds: an obviously made-up uuid. */
    public static final String NODE_UUID = "00000000-0000-4000-8000-00000000ca11";
    /** The microversion advertised: 1.68 is where the conductor takes the agent's certificate. */
    static final String MAX_VERSION = "1.87";
    /** Where inspection data goes (Ironic's built-in inspection); the answer names the node. */
    static final String INSPECTION_PATH = "/v1/continue_inspection";

    private static final Duration IDLE_SAMPLE_INTERVAL = Duration.ofMillis(250);
    /** Four samples a quarter of a second apart: the window is one second. */
    private static final int IDLE_SAMPLES = 4;
    private static final int IDLE_LIMIT_SAMPLES = 240;
    private static final Duration IDLE_CPU = Duration.ofMillis(20);

    private final HttpServer server;
    private final String marker;
    private final AtomicBoolean stoppedTheAgent = new AtomicBoolean();

    private TrainingConductor(HttpServer server, String marker) {
        this.server = server;
        this.marker = marker;
    }

    /** Listens on a free loopback port; {@code marker} names the training run's processes (see the class comment). */
    public static TrainingConductor start(String marker) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            TrainingConductor conductor = new TrainingConductor(server, marker);
            server.createContext("/", conductor::answer);
            server.start();
            return conductor;
        } catch (IOException e) {
            throw new ImageBuildException("cannot start the class-cache training's stand-in conductor on loopback: "
                    + e.getMessage() + "; build with --training-command 'inventory --root {training-root}' to train without it", e);
        }
    }

    /** The URL to give the agent as {@code ipa-api-url}. */
    public URI url() {
        return URI.create("http://" + server.getAddress().getAddress().getHostAddress() + ":" + server.getAddress().getPort());
    }

    /** The URL to give the agent as {@code ipa-inspection-callback-url}. */
    public URI inspectionUrl() {
        return url().resolve(INSPECTION_PATH);
    }

    /** True once a heartbeat arrived and the training run was stopped for it. */
    public boolean stoppedTheAgent() {
        return stoppedTheAgent.get();
    }

    private void answer(HttpExchange exchange) throws IOException {
        boolean heartbeat = false;
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            String method = exchange.getRequestMethod();
            if (method.equals("GET") && (path.equals("/") || path.isEmpty())) {
                send(exchange, 200, apiRoot());
            } else if (method.equals("GET") && path.equals("/v1/lookup")) {
                send(exchange, 200, lookup());
            } else if (method.equals("POST") && path.equals(INSPECTION_PATH)) {
                exchange.getRequestBody().readAllBytes();
                send(exchange, 200, "{\"uuid\": \"" + NODE_UUID + "\"}");
            } else if (method.equals("POST") && path.equals("/v1/heartbeat/" + NODE_UUID)) {
                exchange.getRequestBody().readAllBytes();
                exchange.sendResponseHeaders(202, -1);
                heartbeat = true;
            } else {
                send(exchange, 404, "{\"error_message\": \"the training conductor serves only the API root, inspection, lookup and heartbeat\"}");
            }
        }
        if (heartbeat && stoppedTheAgent.compareAndSet(false, true)) {
            stopTrainingRun();
        }
    }

    /**
     * SIGTERM to the training JVM once it is idle: its shutdown writes the class list (or AOT cache)
     * as a normal exit does. Idle, not at once: the agent still handles the heartbeat's answer, and
     * stopping it in the middle would make the archived set of classes vary from build to build.
     * On a thread of its own, so the server is free while it waits.
     */
    private void stopTrainingRun() {
        List<ProcessHandle> runs = ProcessHandle.current().descendants()
                .filter(p -> p.info().arguments().map(args -> List.of(args).stream().anyMatch(a -> a.contains(marker)))
                        .orElse(false))
                .toList();
        Thread.ofPlatform().daemon().name("training-stop").start(() -> runs.forEach(run -> {
            awaitIdle(run);
            run.destroy();
        }));
    }

    /** Until the process used under 20 ms of CPU over the last second, or a minute has passed. */
    static void awaitIdle(ProcessHandle process) {
        Duration[] window = new Duration[IDLE_SAMPLES];
        for (int sample = 0; sample < IDLE_LIMIT_SAMPLES && process.isAlive(); sample++) {
            Optional<Duration> used = process.info().totalCpuDuration();
            if (used.isEmpty()) {
                return;
            }
            Duration oldest = window[sample % IDLE_SAMPLES];
            if (oldest != null && used.get().minus(oldest).compareTo(IDLE_CPU) < 0) {
                return;
            }
            window[sample % IDLE_SAMPLES] = used.get();
            try {
                Thread.sleep(IDLE_SAMPLE_INTERVAL);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static String apiRoot() {
        String version = "{\"id\": \"v1\", \"links\": [], \"status\": \"CURRENT\", \"min_version\": \"1.1\", \"version\": \""
                + MAX_VERSION + "\"}";
        return "{\"name\": \"OpenStack Ironic API\", \"description\": \"class-cache training stand-in\", "
                + "\"default_version\": " + version + ", \"versions\": [" + version + "]}";
    }

    private static String lookup() {
        return "{\"node\": {\"uuid\": \"" + NODE_UUID + "\", \"properties\": {}, \"instance_info\": {}, "
                + "\"driver_internal_info\": {}, \"links\": []}, "
                + "\"config\": {\"heartbeat_timeout\": 300, \"agent_token\": \"training-token\", \"agent_token_required\": true}}";
    }

    private static void send(HttpExchange exchange, int status, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
