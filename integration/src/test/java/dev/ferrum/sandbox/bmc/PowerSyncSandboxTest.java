package dev.ferrum.sandbox.bmc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.api.ApiAuth;
import dev.ferrum.conductor.cli.ConductorServer;
import dev.ferrum.conductor.cli.ConductorSettings;
import dev.ferrum.conductor.cli.TimelineSettings;
import dev.ferrum.conductor.periodic.HistoryRetention;
import dev.ferrum.conductor.periodic.PowerSyncConfig;
import dev.ferrum.sandbox.machine.BootedSystem;
import dev.ferrum.sandbox.machine.MachineIdentity;
import dev.ferrum.sandbox.machine.MachineRoot;
import dev.ferrum.sandbox.machine.SimulatedMachine;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13's power sync test: a whole conductor with a redfish node on the sandbox's Redfish BMC; the machine is
 * switched off at the BMC behind Ferrum's back, and the conductor's periodic power sync notices it (recording
 * "power off") or, with force_power_state_during_sync, switches it back on; either way the node's history says so.
 */
class PowerSyncSandboxTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path temp;
    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();
    private SimulatedMachine machine;
    private RedfishBmc bmc;
    private ConductorServer conductor;
    private String api;

    @BeforeEach
    void machine() {
        MachineIdentity identity = MachineIdentity.of(1);
        machine = new SimulatedMachine(identity, MachineRoot.create(temp.resolve(identity.name()), identity),
                m -> new BootedSystem(BootedSystem.Activity.AGENT_RAMDISK, "test ramdisk", () -> { }));
        bmc = new RedfishBmc(List.of(machine), "admin", "pw");
    }

    @AfterEach
    void stop() {
        if (conductor != null) {
            conductor.close();
        }
        bmc.close();
        machine.close();
    }

    private void startConductor(boolean force) throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        api = "http://127.0.0.1:" + port;
        conductor = ConductorServer.start(new ConductorSettings("127.0.0.1", port, URI.create(api),
                temp.resolve("data"), Optional.empty(), new ApiAuth.NoAuth(), temp.resolve("boot"), false, "sync-test",
                Duration.ofSeconds(5), Duration.ofSeconds(10)).withTimeline(new TimelineSettings(
                HistoryRetention.defaults(), PowerSyncConfig.defaults().withForce(force), Duration.ofSeconds(1),
                TimelineSettings.DEFAULT_AGENT_PROGRESS_INTERVAL)));
    }

    private JsonNode call(String method, String path, String body, int expected) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(api + path))
                .header("X-OpenStack-Ironic-API-Version", "1.78")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(method + " " + path + ": " + response.body()).isEqualTo(expected);
        return response.body().isEmpty() ? json.createObjectNode() : json.readTree(response.body());
    }

    private JsonNode awaitNode(String node, Predicate<JsonNode> until) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        JsonNode current = call("GET", "/v1/nodes/" + node, null, 200);
        while (!until.test(current) && System.nanoTime() < deadline) {
            Thread.sleep(200);
            current = call("GET", "/v1/nodes/" + node, null, 200);
        }
        return current;
    }

    private JsonNode awaitHistory(String node, String kind) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            for (JsonNode entry : call("GET", "/v1/nodes/" + node + "/history", null, 200).get("history")) {
                if (entry.path("kind").asText().equals(kind)) {
                    return entry;
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no " + kind + " entry in the history of " + node + " within " + WAIT);
    }

    /** A manageable redfish node on the sandbox BMC, switched on through the API. */
    private String poweredOnNode() throws Exception {
        String body = "{\"name\":\"synced\",\"driver\":\"redfish\",\"driver_info\":{\"redfish_address\":\""
                + bmc.url() + "\",\"redfish_system_id\":\"" + RedfishBmc.systemPath(machine)
                + "\",\"redfish_username\":\"admin\",\"redfish_password\":\"pw\",\"redfish_auth_type\":\"basic\"}}";
        String node = call("POST", "/v1/nodes", body, 201).get("uuid").asText();
        call("PUT", "/v1/nodes/" + node + "/states/provision", "{\"target\":\"manage\"}", 202);
        assertThat(awaitNode(node, n -> n.path("provision_state").asText().equals("manageable"))
                .path("provision_state").asText()).isEqualTo("manageable");
        call("PUT", "/v1/nodes/" + node + "/states/power", "{\"target\":\"power on\"}", 202);
        assertThat(machine.isOn()).isTrue();
        assertThat(call("GET", "/v1/nodes/" + node, null, 200).path("power_state").asText()).isEqualTo("power on");
        return node;
    }

    @Test
    void aMachineSwitchedOffAtTheBmcIsNoticedByPowerSync() throws Exception {
        startConductor(false);
        String node = poweredOnNode();

        machine.powerOff();

        JsonNode synced = awaitNode(node, n -> n.path("power_state").asText().equals("power off"));
        assertThat(synced.path("power_state").asText()).isEqualTo("power off");
        JsonNode entry = awaitHistory(node, "power.sync");
        assertThat(entry.path("event_type").asText()).isEqualTo("power");
        assertThat(entry.path("details").path("actual").asText()).isEqualTo("power off");
        assertThat(entry.path("details").path("forced").asText()).isEqualTo("false");
        assertThat(machine.isOn()).as("not forced").isFalse();
    }

    @Test
    void withForceTheMachineIsSwitchedBackOn() throws Exception {
        startConductor(true);
        String node = poweredOnNode();

        machine.powerOff();

        JsonNode entry = awaitHistory(node, "power.sync");
        assertThat(entry.path("details").path("forced").asText()).isEqualTo("true");
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!machine.isOn() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(machine.isOn()).as("forced back on").isTrue();
        assertThat(call("GET", "/v1/nodes/" + node, null, 200).path("power_state").asText()).isEqualTo("power on");
    }
}
