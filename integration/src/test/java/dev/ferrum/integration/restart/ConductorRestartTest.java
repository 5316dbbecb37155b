package dev.ferrum.integration.restart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.ferrum.integration.machine.AgentProcess;
import dev.ferrum.integration.machine.FixtureMachine;
import dev.ferrum.sandbox.FileServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A conductor killed with SIGKILL in the middle of a deploy, then started again on the same SQLite data
 * directory, leaves no node stuck: a node whose work lived in the dead process ({@code deploying}) is
 * failed with a last_error that says so and deploys again; a node waiting for its agent
 * ({@code wait call-back}) is taken up again when the agent heartbeats, and reaches {@code active}. The
 * same holds for a node killed in {@code cleaning}. Each conductor is a child JVM ({@link ConductorProcess})
 * with the same name, port and data directory; the agent is Ferrum's real one on a fixture machine.
 */
class ConductorRestartTest {
    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private ConductorProcess conductor;
    private AgentProcess agent;
    private FileServer images;
    private HttpServer hangingAgent;
    private final CountDownLatch commandReceived = new CountDownLatch(1);
    private final CountDownLatch releaseHangingAgent = new CountDownLatch(1);
    private String api;
    private int port;
    private byte[] image;
    private String sha256;

    @TempDir
    Path temp;

    @BeforeEach
    void freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        api = "http://127.0.0.1:" + port;
    }

    @AfterEach
    void stop() throws InterruptedException {
        if (agent != null) {
            agent.close();
        }
        if (conductor != null) {
            conductor.close();
        }
        if (hangingAgent != null) {
            releaseHangingAgent.countDown();
            hangingAgent.stop(0);
        }
        if (images != null) {
            images.close();
        }
    }

    @Test
    void aNodeDeployingWhenTheConductorIsKilledIsFailedNamingTheRestartAndRedeploys() throws Exception {
        imageOf(4 << 20, Duration.ZERO);
        FixtureMachine machine = FixtureMachine.create(temp.resolve("machine"), new byte[512]);
        conductor = ConductorProcess.start(temp.resolve("data"), port, temp.resolve("conductor-1.log"));
        String node = availableNode();
        provision(node, "active");
        awaitState(node, "wait call-back", Duration.ofSeconds(30));

        // Play a ramdisk whose agent never answers get_deploy_steps: the conductor sits in "deploying"
        // holding the node's lock, the one moment whose work exists only inside its process.
        startHangingAgent();
        String token = call("GET", "/v1/lookup?addresses=" + FixtureMachine.MAC, null, 200)
                .path("config").path("agent_token").asText();
        call("POST", "/v1/heartbeat/" + node, json.writeValueAsString(Map.of("callback_url",
                "http://127.0.0.1:" + hangingAgent.getAddress().getPort(), "agent_token", token,
                "agent_version", "9.4.3")), 202);
        assertThat(commandReceived.await(30, java.util.concurrent.TimeUnit.SECONDS))
                .as("the conductor asked the agent for its deploy steps").isTrue();
        JsonNode before = show(node);
        assertThat(before.path("provision_state").asText()).isEqualTo("deploying");
        assertThat(before.path("reservation").asText()).isEqualTo(ConductorProcess.NAME);

        conductor.kill();
        conductor = ConductorProcess.start(temp.resolve("data"), port, temp.resolve("conductor-2.log"));

        JsonNode failed = show(node);
        assertThat(failed.path("provision_state").asText()).isEqualTo("deploy failed");
        assertThat(failed.path("reservation").isNull()).as("lock released").isTrue();
        assertThat(failed.path("last_error").asText()).contains("\"deploying\"").contains("restart");

        provision(node, "active");
        awaitState(node, "wait call-back", Duration.ofSeconds(30));
        agent = AgentProcess.start(machine, api, temp.resolve("agent.log"));
        JsonNode deployed = awaitState(node, "active", Duration.ofMinutes(3));
        assertThat(deployed.path("last_error").isNull()).as(deployed.path("last_error").asText()).isTrue();
        assertThat(machine.diskHead(image.length)).as("the root disk holds the image").isEqualTo(image);
    }

    @Test
    void aConductorOfAnotherNameTakesOverTheNodesAKilledConductorLeftDeploying() throws Exception {
        imageOf(1 << 20, Duration.ZERO);
        // Heartbeats every 4 s: a conductor silent for 24 s is dead and its nodes are taken over; long enough
        // for conductor-b to start meanwhile, so its start-up recovery finds conductor-a still alive.
        conductor = ConductorProcess.start(temp.resolve("data"), port, temp.resolve("conductor-a.log"), "conductor-a",
                4);
        String node = availableNode();
        provision(node, "active");
        awaitState(node, "wait call-back", Duration.ofSeconds(30));
        startHangingAgent();
        String token = call("GET", "/v1/lookup?addresses=" + FixtureMachine.MAC, null, 200)
                .path("config").path("agent_token").asText();
        call("POST", "/v1/heartbeat/" + node, json.writeValueAsString(Map.of("callback_url",
                "http://127.0.0.1:" + hangingAgent.getAddress().getPort(), "agent_token", token,
                "agent_version", "9.4.3")), 202);
        assertThat(commandReceived.await(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(show(node).path("reservation").asText()).isEqualTo("conductor-a");

        conductor.kill();
        // Started at once, while conductor-a's last heartbeat is still recent: its start-up recovery must
        // leave conductor-a's lock alone, and its periodic takeover must fail the node once a is dead.
        conductor = ConductorProcess.start(temp.resolve("data"), port, temp.resolve("conductor-b.log"), "conductor-b",
                4);

        JsonNode failed = awaitNode(node, n -> n.path("provision_state").asText().equals("deploy failed")
                && n.path("reservation").isNull(), "'deploy failed' after the takeover", Duration.ofSeconds(60));
        assertThat(failed.path("last_error").asText()).contains("\"deploying\"").contains("conductor-b")
                .contains("took over from a conductor that stopped heartbeating");
    }

    @Test
    void aNodeWaitingForItsAgentWhenTheConductorIsKilledResumesToActive() throws Exception {
        // 16 MiB in 64 KiB chunks, 25 ms apart: about 6 s of download, time to kill and restart meanwhile.
        imageOf(16 << 20, Duration.ofMillis(25));
        FixtureMachine machine = FixtureMachine.create(temp.resolve("machine"), new byte[512]);
        conductor = ConductorProcess.start(temp.resolve("data"), port, temp.resolve("conductor-1.log"));
        String node = availableNode();
        provision(node, "active");
        awaitState(node, "wait call-back", Duration.ofSeconds(30));
        agent = AgentProcess.start(machine, api, temp.resolve("agent.log"));
        // write_image started: back in "wait call-back", now with the agent's URL and a step running.
        awaitNode(node, n -> n.path("provision_state").asText().equals("wait call-back")
                && n.path("driver_internal_info").has("deploy_step_index") && n.path("reservation").isNull(),
                "wait call-back with write_image running", Duration.ofSeconds(60));

        conductor.kill();
        assertThat(images.completedDownloads()).as("the agent was still writing the image at the kill").isZero();
        conductor = ConductorProcess.start(temp.resolve("data"), port, temp.resolve("conductor-2.log"));

        assertThat(show(node).path("provision_state").asText()).as("a wait state survives the restart")
                .isEqualTo("wait call-back");
        // The agent's heartbeat after the image is written failed while no conductor listened; it retries.
        JsonNode deployed = awaitState(node, "active", Duration.ofMinutes(3));
        assertThat(deployed.path("last_error").isNull()).as(deployed.path("last_error").asText()).isTrue();
        assertThat(machine.diskHead(image.length)).as("the root disk holds the image").isEqualTo(image);
    }

    @Test
    void aNodeCleaningWhenTheConductorIsKilledIsFailedNamingTheRestartAndCleansAgain() throws Exception {
        imageOf(1 << 20, Duration.ZERO);
        FixtureMachine machine = FixtureMachine.create(temp.resolve("machine"), new byte[512]);
        conductor = ConductorProcess.start(temp.resolve("data"), port, temp.resolve("conductor-1.log"));
        String node = availableNode();
        provision(node, "manage");
        awaitState(node, "manageable", Duration.ofSeconds(30));
        String cleanSteps = "{\"target\":\"clean\",\"clean_steps\":[{\"interface\":\"deploy\","
                + "\"step\":\"erase_devices_metadata\"}]}";
        call("PUT", "/v1/nodes/" + node + "/states/provision", cleanSteps, 202);
        awaitState(node, "clean wait", Duration.ofSeconds(30));

        // As above: an agent that never lists its clean steps keeps the conductor in "cleaning".
        startHangingAgent();
        String token = call("GET", "/v1/lookup?addresses=" + FixtureMachine.MAC, null, 200)
                .path("config").path("agent_token").asText();
        call("POST", "/v1/heartbeat/" + node, json.writeValueAsString(Map.of("callback_url",
                "http://127.0.0.1:" + hangingAgent.getAddress().getPort(), "agent_token", token,
                "agent_version", "9.4.3")), 202);
        assertThat(commandReceived.await(30, java.util.concurrent.TimeUnit.SECONDS))
                .as("the conductor asked the agent for its clean steps").isTrue();
        assertThat(show(node).path("provision_state").asText()).isEqualTo("cleaning");

        conductor.kill();
        conductor = ConductorProcess.start(temp.resolve("data"), port, temp.resolve("conductor-2.log"));

        JsonNode failed = show(node);
        assertThat(failed.path("provision_state").asText()).isEqualTo("clean failed");
        assertThat(failed.path("reservation").isNull()).as("lock released").isTrue();
        assertThat(failed.path("last_error").asText()).contains("\"cleaning\"").contains("restart");

        provision(node, "manage");
        awaitState(node, "manageable", Duration.ofSeconds(30));
        call("PUT", "/v1/nodes/" + node + "/states/provision", cleanSteps, 202);
        awaitState(node, "clean wait", Duration.ofSeconds(30));
        agent = AgentProcess.start(machine, api, temp.resolve("agent.log"));
        JsonNode cleaned = awaitState(node, "manageable", Duration.ofMinutes(2));
        assertThat(cleaned.path("last_error").isNull()).as(cleaned.path("last_error").asText()).isTrue();
    }

    private void imageOf(int size, Duration pausePerChunk) throws Exception {
        image = new byte[size];
        new Random(13).nextBytes(image);
        sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(image));
        images = new FileServer(Map.of("disk.raw", image), pausePerChunk);
    }

    private String availableNode() throws Exception {
        JsonNode created = call("POST", "/v1/nodes", json.writeValueAsString(Map.of("driver", "fake-hardware",
                "name", "restart-node", "deploy_interface", "direct", "instance_info", Map.of(
                        "image_source", images.url("disk.raw"), "image_os_hash_algo", "sha256",
                        "image_os_hash_value", sha256, "image_disk_format", "raw"))), 201);
        String node = created.path("uuid").asText();
        call("POST", "/v1/ports", json.writeValueAsString(Map.of("address", FixtureMachine.MAC, "node_uuid", node)),
                201);
        provision(node, "manage");
        awaitState(node, "manageable", Duration.ofSeconds(30));
        provision(node, "provide");
        awaitState(node, "available", Duration.ofSeconds(30));
        return node;
    }

    private void startHangingAgent() throws IOException {
        hangingAgent = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        hangingAgent.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
        hangingAgent.createContext("/", exchange -> {
            commandReceived.countDown();
            try {
                releaseHangingAgent.await(5, java.util.concurrent.TimeUnit.MINUTES);
            } catch (InterruptedException stopping) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        hangingAgent.start();
    }

    private void provision(String node, String target) throws Exception {
        call("PUT", "/v1/nodes/" + node + "/states/provision", "{\"target\":\"" + target + "\"}", 202);
    }

    private JsonNode show(String node) throws Exception {
        return call("GET", "/v1/nodes/" + node, null, 200);
    }

    private JsonNode awaitState(String node, String state, Duration budget) throws Exception {
        return awaitNode(node, n -> n.path("provision_state").asText().equals(state) && n.path("reservation").isNull(),
                "'" + state + "'", budget);
    }

    private JsonNode awaitNode(String node, Predicate<JsonNode> done, String what, Duration budget) throws Exception {
        Instant until = Instant.now().plus(budget);
        JsonNode shown = show(node);
        while (Instant.now().isBefore(until)) {
            shown = show(node);
            if (done.test(shown)) {
                return shown;
            }
            if (shown.path("provision_state").asText().endsWith("failed") && !what.contains("failed")) {
                break;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("node " + node + " did not reach " + what + ": it is '"
                + shown.path("provision_state").asText() + "', last_error: " + shown.path("last_error").asText()
                + "\n--- conductor log:\n" + conductor.log() + (agent == null ? "" : "\n--- agent log:\n" + agent.log()));
    }

    private JsonNode call(String method, String path, String body, int expected) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(api + path)).timeout(Duration.ofSeconds(20))
                .header("X-OpenStack-Ironic-API-Version", "latest")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(method + " " + path + ": " + response.body()).isEqualTo(expected);
        return response.body().isEmpty() ? json.nullNode() : json.readTree(response.body());
    }
}
