package dev.ferrum.sandbox.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The operator's side of the sandbox against a scripted Ironic API on loopback: the calls it makes
 * in order, and that one machine failing leaves it failed with its last_error while the other
 * machine goes on to active.
 */
class FleetProvisionerTest {
    private static final SampleDeployment IMAGE = new SampleDeployment("http://127.0.0.1:1/sample.raw", "ab12", "raw");

    private final ScriptedIronic ironic = new ScriptedIronic();

    @AfterEach
    void stop() {
        ironic.server.stop(0);
    }

    /**
     * Nodes that settle at once in the state a verb leads to, except that the node named
     * {@code broken} fails its deploy with a last_error. Records "create NAME" and "NAME VERB".
     */
    private static final class ScriptedIronic {
        final ObjectMapper json = new ObjectMapper();
        final HttpServer server;
        final Map<String, ObjectNode> nodes = new ConcurrentHashMap<>();
        final List<String> calls = new CopyOnWriteArrayList<>();

        ScriptedIronic() {
            try {
                server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            server.createContext("/", this::handle);
            server.start();
        }

        URI url() {
            return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
        }

        private synchronized void handle(HttpExchange exchange) throws IOException {
            try (exchange) {
                String method = exchange.getRequestMethod();
                String path = exchange.getRequestURI().getPath();
                byte[] raw = exchange.getRequestBody().readAllBytes();
                JsonNode body = raw.length == 0 ? json.createObjectNode() : json.readTree(raw);
                String[] parts = path.split("/");
                if (method.equals("POST") && path.equals("/v1/nodes")) {
                    String name = body.path("name").asText();
                    ObjectNode node = json.createObjectNode().put("uuid", "uuid-" + name).put("name", name)
                            .put("provision_state", "enroll").putNull("target_provision_state").putNull("last_error")
                            .putNull("inspection_finished_at");
                    nodes.put("uuid-" + name, node);
                    calls.add("create " + name);
                    send(exchange, 201, node);
                } else if (method.equals("POST") && path.equals("/v1/ports")) {
                    send(exchange, 201, json.createObjectNode());
                } else if (method.equals("PUT") && path.endsWith("/states/provision")) {
                    ObjectNode node = nodes.get(parts[3]);
                    String verb = body.path("target").asText();
                    calls.add(node.path("name").asText() + " " + verb);
                    settle(node, verb);
                    send(exchange, 202, json.createObjectNode());
                } else if (method.equals("PATCH")) {
                    send(exchange, 200, nodes.get(parts[3]));
                } else if (method.equals("GET") && parts.length == 4) {
                    send(exchange, 200, nodes.get(parts[3]));
                } else {
                    send(exchange, 404, json.createObjectNode().put("error", method + " " + path));
                }
            }
        }

        private static void settle(ObjectNode node, String verb) {
            switch (verb) {
                case "manage" -> node.put("provision_state", "manageable");
                case "inspect" -> node.put("provision_state", "manageable").put("inspection_finished_at", "now");
                case "provide" -> node.put("provision_state", "available");
                case "active" -> {
                    if (node.path("name").asText().equals("broken")) {
                        node.put("provision_state", "deploy failed").put("last_error", "image checksum mismatch");
                    } else {
                        node.put("provision_state", "active");
                    }
                }
                default -> throw new IllegalArgumentException(verb);
            }
        }

        private static void send(HttpExchange exchange, int status, JsonNode body) throws IOException {
            byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
        }
    }

    @Test
    void aFailedMachineKeepsItsLastErrorAndTheOthersGoOn() throws Exception {
        FleetProvisioner provisioner;
        List<FleetProvisioner.Outcome> outcomes;
        try (IronicApiClient api = new IronicApiClient(ironic.url())) {
            provisioner = new FleetProvisioner(api, Clock.systemUTC(), Duration.ofSeconds(30));
            outcomes = provisioner.provision(List.of(enrollment("good"), enrollment("broken")), IMAGE);
        }

        assertThat(outcomes).extracting(FleetProvisioner.Outcome::machine).containsExactly("good", "broken");
        assertThat(outcomes.get(0).succeeded()).isTrue();
        assertThat(outcomes.get(0).progress().provisionState()).isEqualTo("active");
        FleetProvisioner.Outcome broken = outcomes.get(1);
        assertThat(broken.succeeded()).isFalse();
        assertThat(broken.progress().step()).isEqualTo(MachineProgress.Step.FAILED);
        assertThat(broken.progress().provisionState()).isEqualTo("deploy failed");
        assertThat(broken.progress().lastError()).contains("image checksum mismatch");
        assertThat(ironic.calls).containsSubsequence("create good", "good manage", "good inspect", "good provide",
                "good active");
        assertThat(ironic.calls).containsSubsequence("create broken", "broken manage", "broken inspect",
                "broken provide", "broken active");
        assertThat(provisioner.progress()).extracting(MachineProgress::step)
                .containsExactly(MachineProgress.Step.DONE, MachineProgress.Step.FAILED);
    }

    private static NodeEnrollment enrollment(String name) {
        return new NodeEnrollment(name, JsonNodeFactory.instance.objectNode().put("name", name), "02:00:00:00:00:01");
    }
}
