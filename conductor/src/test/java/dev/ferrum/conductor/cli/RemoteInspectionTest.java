package dev.ferrum.conductor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.ferrum.conductor.api.ApiAuth;
import dev.ferrum.conductor.driver.inspect.InspectorConfig;
import dev.ferrum.testing.LoopbackTlsServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The {@code inspector} inspect interface in a running conductor, driven through its HTTP API only, against an
 * in-test discoverd-like service on loopback that records introspection starts and answers status as told.
 */
class RemoteInspectionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newHttpClient();
    private FakeInspector inspector;

    @TempDir
    Path temp;

    @BeforeEach
    void startInspector() throws IOException {
        inspector = FakeInspector.start();
    }

    @AfterEach
    void stopInspector() throws Exception {
        inspector.close();
    }

    @Test
    void inspectionStartsAtTheServiceAndFinishesWhenTheServiceSaysSo() throws Exception {
        try (ConductorServer server = ConductorServer.start(settings(Duration.ofMinutes(5)))) {
            String base = "http://127.0.0.1:" + server.port();
            String uuid = createInspectorNode(base);
            provision(base, uuid, "manage");
            awaitState(base, uuid, "manageable");

            provision(base, uuid, "inspect");
            JsonNode waiting = awaitState(base, uuid, "inspect wait");

            assertThat(inspector.starts).containsExactly(uuid);
            assertThat(waiting.get("inspection_started_at").isNull()).isFalse();
            // The conductor keeps asking while the service is not finished.
            inspector.awaitStatusReads(uuid, 2);
            assertThat(show(base, uuid).get("provision_state").asText()).isEqualTo("inspect wait");

            // What a real inspector does when it has processed the data: write it onto the node, then finish.
            patchUntilNotLocked(base, uuid, """
                    [{"op": "add", "path": "/properties/cpus", "value": 8},
                     {"op": "add", "path": "/properties/memory_mb", "value": 16384}]""");
            inspector.answer(uuid, "{\"finished\": true, \"error\": null}");
            JsonNode done = awaitState(base, uuid, "manageable");

            assertThat(done.get("last_error").isNull()).as(done.toString()).isTrue();
            assertThat(done.get("inspection_finished_at").isNull()).as(done.toString()).isFalse();
            assertThat(done.at("/properties/cpus").asInt()).isEqualTo(8);
            assertThat(done.at("/properties/memory_mb").asInt()).isEqualTo(16384);
            assertThat(inspector.starts).as("started once").containsExactly(uuid);
        }
    }

    @Test
    void anErrorFromTheServiceFailsInspectionWithThatError() throws Exception {
        try (ConductorServer server = ConductorServer.start(settings(Duration.ofMinutes(5)))) {
            String base = "http://127.0.0.1:" + server.port();
            String uuid = createInspectorNode(base);
            provision(base, uuid, "manage");
            awaitState(base, uuid, "manageable");

            provision(base, uuid, "inspect");
            awaitState(base, uuid, "inspect wait");
            inspector.awaitStatusReads(uuid, 1);
            inspector.answer(uuid, "{\"finished\": true, \"error\": \"Timeout waiting for the node to boot\"}");
            JsonNode failed = awaitState(base, uuid, "inspect failed");

            assertThat(failed.get("last_error").asText()).contains("Timeout waiting for the node to boot");
            assertThat(inspector.starts).containsExactly(uuid);
        }
    }

    @Test
    void aServiceThatNeverFinishesFailsInspectionAtTheTimeout() throws Exception {
        try (ConductorServer server = ConductorServer.start(settings(Duration.ofSeconds(1)))) {
            String base = "http://127.0.0.1:" + server.port();
            String uuid = createInspectorNode(base);
            provision(base, uuid, "manage");
            awaitState(base, uuid, "manageable");

            provision(base, uuid, "inspect");
            JsonNode failed = awaitState(base, uuid, "inspect failed");

            assertThat(failed.get("last_error").asText()).contains("Timeout reached")
                    .contains("the inspector service to finish introspection").contains("inspect wait")
                    .contains("1 s");
            assertThat(inspector.starts).containsExactly(uuid);
        }
    }

    @Test
    void aServiceThatRefusesToStartFailsInspectionWithItsAnswer() throws Exception {
        inspector.refuseStarts();
        try (ConductorServer server = ConductorServer.start(settings(Duration.ofMinutes(5)))) {
            String base = "http://127.0.0.1:" + server.port();
            String uuid = createInspectorNode(base);
            provision(base, uuid, "manage");
            awaitState(base, uuid, "manageable");

            provision(base, uuid, "inspect");
            JsonNode failed = awaitState(base, uuid, "inspect failed");

            assertThat(failed.get("last_error").asText()).contains("HTTP 404").contains("node not known here");
        }
    }

    @Test
    void theInspectorFlagsReachAnHttpsServiceTrustedThroughTheCaFile() throws Exception {
        Path keys = Files.createDirectories(temp.resolve("keys"));
        try (FakeInspector tls = FakeInspector.startTls(keys)) {
            ConductorCommand command = new ConductorCommand();
            new CommandLine(command.spec()).parseArgs("--noauth", "--data-dir", temp.resolve("data").toString(),
                    "--boot-files", temp.resolve("boot").toString(), "--no-automated-clean",
                    "--inspector-url", tls.url().toString(), "--inspector-ca-file", tls.caFile().toString(),
                    "--inspector-poll-interval", "1");
            ConductorSettings flags = command.settings();
            // The flags' settings on a free port (the command line insists on a real one).
            var settings = new ConductorSettings(flags.host(), 0, flags.publicUrl(), flags.dataDir(),
                    flags.databaseUrl(), flags.auth(), flags.bootFiles(), flags.automatedClean(), flags.name(),
                    flags.heartbeatInterval(), flags.sweepInterval(), flags.cleanStepPriorities(),
                    flags.dhcpHostsDirectory(), flags.kernelParameters(), flags.agentCaFile(), flags.inspect());
            try (ConductorServer server = ConductorServer.start(settings)) {
                String base = "http://127.0.0.1:" + server.port();
                String uuid = createInspectorNode(base);
                provision(base, uuid, "manage");
                awaitState(base, uuid, "manageable");

                provision(base, uuid, "inspect");
                awaitState(base, uuid, "inspect wait");
                assertThat(tls.starts).as("started over TLS").containsExactly(uuid);
                tls.answer(uuid, "{\"finished\": true, \"error\": null}");
                JsonNode done = awaitState(base, uuid, "manageable");

                assertThat(done.get("last_error").isNull()).as(done.toString()).isTrue();
            }
        }
    }

    @Test
    void withoutAnInspectorUrlTheInterfaceIsNotEnabledAndTheErrorSaysHowToEnableIt() throws Exception {
        var settings = new ConductorSettings("127.0.0.1", 0, URI.create("http://127.0.0.1:6385"),
                temp.resolve("data"), Optional.empty(), new ApiAuth.NoAuth(), temp.resolve("boot"), false, "plain",
                Duration.ofSeconds(1), Duration.ofMillis(200), Map.of(), Optional.empty(), List.of(), Optional.empty());
        try (ConductorServer server = ConductorServer.start(settings)) {
            String base = "http://127.0.0.1:" + server.port();

            var refused = send("POST", base + "/v1/nodes",
                    "{\"driver\": \"fake-hardware\", \"inspect_interface\": \"inspector\"}");

            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
            assertThat(refused.body()).contains("inspect_interface 'inspector' is not enabled")
                    .contains("--inspector-url");
            assertThat(send("GET", base + "/v1/nodes", null).body()).as("nothing created")
                    .contains("\"nodes\":[]");
            var ipmi = send("POST", base + "/v1/nodes", "{\"driver\": \"ipmi\"}");
            assertThat(ipmi.body()).as("the default skips what is not enabled")
                    .contains("\"inspect_interface\":\"agent\"");
        }
    }

    private ConductorSettings settings(Duration inspectWaitTimeout) {
        var inspect = new InspectSettings(Optional.of(InspectorConfig.of(inspector.url())), Duration.ofMillis(100),
                inspectWaitTimeout);
        return new ConductorSettings("127.0.0.1", 0, URI.create("http://127.0.0.1:6385"), temp.resolve("data"),
                Optional.empty(), new ApiAuth.NoAuth(), temp.resolve("boot"), false, "inspector-conductor",
                Duration.ofSeconds(1), Duration.ofMillis(200), Map.of(), Optional.empty(), List.of(),
                Optional.empty(), inspect);
    }

    private String createInspectorNode(String base) throws Exception {
        var created = send("POST", base + "/v1/nodes",
                "{\"driver\": \"fake-hardware\", \"inspect_interface\": \"inspector\"}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode node = JSON.readTree(created.body());
        assertThat(node.get("inspect_interface").asText()).isEqualTo("inspector");
        return node.get("uuid").asText();
    }

    private void provision(String base, String uuid, String target) throws Exception {
        var response = send("PUT", base + "/v1/nodes/" + uuid + "/states/provision",
                "{\"target\": \"" + target + "\"}");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
    }

    private JsonNode show(String base, String uuid) throws Exception {
        var response = send("GET", base + "/v1/nodes/" + uuid, null);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private JsonNode awaitState(String base, String uuid, String state) throws Exception {
        return await(() -> show(base, uuid), node -> node.get("provision_state").asText().equals(state),
                "node reaches " + state);
    }

    /** The conductor holds the node while it polls the service; like Ironic's clients, retry on 409. */
    private void patchUntilNotLocked(String base, String uuid, String patch) throws Exception {
        HttpResponse<String> response = await(() -> send("PATCH", base + "/v1/nodes/" + uuid, patch),
                r -> r.statusCode() != 409, "node not locked for the PATCH");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    }

    private HttpResponse<String> send(String method, String url, String body) throws Exception {
        var request = HttpRequest.newBuilder(URI.create(url)).header("X-OpenStack-Ironic-API-Version", "latest")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private interface Probe<T> {
        T read() throws Exception;
    }

    private static <T> T await(Probe<T> probe, Predicate<T> done, String what) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        T last = probe.read();
        while (!done.test(last)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what + "; last seen: " + last);
            }
            Thread.sleep(50);
            last = probe.read();
        }
        return last;
    }

    /**
     * discoverd's two introspection calls on loopback: {@code POST /v1/introspection/<uuid>} is recorded and
     * accepted (or refused, when told), {@code GET} answers the status set for the node, not finished until then.
     */
    private static final class FakeInspector implements AutoCloseable {
        private static final String RUNNING = "{\"finished\": false, \"error\": null}";

        final List<String> starts = new CopyOnWriteArrayList<>();
        private final Map<String, String> statuses = new ConcurrentHashMap<>();
        private final Map<String, AtomicInteger> statusReads = new ConcurrentHashMap<>();
        private volatile boolean refuseStarts;
        private AutoCloseable server;
        private URI url;
        private Path caFile;

        /** Plain HTTP on loopback. */
        static FakeInspector start() throws IOException {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            FakeInspector fake = new FakeInspector();
            server.createContext("/v1/introspection/", fake::handle);
            server.start();
            fake.server = () -> server.stop(0);
            fake.url = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
            return fake;
        }

        /** HTTPS on loopback with a self-signed certificate; {@link #caFile()} trusts it. */
        static FakeInspector startTls(Path keys) {
            FakeInspector fake = new FakeInspector();
            LoopbackTlsServer tls = LoopbackTlsServer.start(keys, "/v1/introspection/", fake::handle);
            fake.server = tls;
            fake.url = URI.create(tls.url("127.0.0.1"));
            fake.caFile = tls.caFile();
            return fake;
        }

        /** The PEM to trust an HTTPS fake with. */
        Path caFile() {
            return caFile;
        }

        URI url() {
            return url;
        }

        void answer(String uuid, String status) {
            statuses.put(uuid, status);
        }

        void refuseStarts() {
            refuseStarts = true;
        }

        void awaitStatusReads(String uuid, int reads) throws Exception {
            await(() -> statusReads.computeIfAbsent(uuid, k -> new AtomicInteger()).get(), n -> n >= reads,
                    reads + " status reads of " + uuid);
        }

        private void handle(HttpExchange exchange) throws IOException {
            String uuid = exchange.getRequestURI().getPath().substring("/v1/introspection/".length());
            switch (exchange.getRequestMethod()) {
                case "POST" -> {
                    if (refuseStarts) {
                        reply(exchange, 404, "{\"error\": {\"message\": \"node not known here\"}}");
                        return;
                    }
                    starts.add(uuid);
                    reply(exchange, 202, "");
                }
                case "GET" -> {
                    String status = statuses.getOrDefault(uuid, RUNNING);
                    statusReads.computeIfAbsent(uuid, k -> new AtomicInteger()).incrementAndGet();
                    reply(exchange, 200, status);
                }
                default -> reply(exchange, 405, "");
            }
        }

        private static void reply(HttpExchange exchange, int status, String body) throws IOException {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                exchange.getResponseBody().write(bytes);
            }
            exchange.close();
        }

        @Override
        public void close() throws Exception {
            server.close();
        }
    }
}
