package dev.ferrum.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.sandbox.flow.IronicApiClient;
import dev.ferrum.sandbox.flow.NodeEnrollment;
import dev.ferrum.sandbox.machine.SimulatedMachine;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Introspection rules end to end: rules created through {@code /v1/rules} run on the report the sandbox's real
 * agent sends from its machine's disks, and the one whose condition holds sets the resource class and a trait;
 * the other, whose condition does not, changes nothing. The node's timeline says what matched and what changed.
 */
class InspectionRulesSandboxTest {
    private static final Duration INSPECT_TIMEOUT = Duration.ofMinutes(3);

    private Sandbox sandbox;
    private IronicApiClient api;

    @TempDir
    Path temp;

    @AfterEach
    void stop() {
        if (api != null) {
            api.close();
        }
        if (sandbox != null) {
            sandbox.close();
        }
    }

    @Test
    void aRuleOnTheInspectedDiskSetsTheResourceClassAndATrait() throws Exception {
        sandbox = Sandbox.start(new SandboxSettings(1, 0, temp.resolve("data"), 4 << 20));
        SimulatedMachine machine = sandbox.machines().getFirst();
        api = new IronicApiClient(sandbox.api());
        api.post("/v1/rules", api.json().readTree("""
                {"description": "machines with a disk are storage",
                 "conditions": [{"op": "gt", "field": "inventory.disks[*].size", "value": 0}],
                 "actions": [{"action": "set-resource-class", "resource_class": "storage"},
                             {"action": "add-trait", "name": "CUSTOM_HAS_DISK"}]}"""));
        api.post("/v1/rules", api.json().readTree("""
                {"description": "exabyte disks",
                 "conditions": [{"op": "ge", "field": "inventory.disks[*].size", "value": 1000000000000000000}],
                 "actions": [{"action": "add-trait", "name": "CUSTOM_EXABYTE"}]}"""));

        NodeEnrollment enrollment = sandbox.enrollment(machine);
        ObjectNode body = enrollment.node().deepCopy().put("inspect_interface", "agent");
        String uuid = api.post("/v1/nodes", body).path("uuid").asText();
        api.post("/v1/ports", api.json().createObjectNode().put("address", enrollment.mac()).put("node_uuid", uuid));
        api.provision(uuid, "manage");
        awaitManageable(uuid, false);
        api.provision(uuid, "inspect");
        JsonNode node = awaitManageable(uuid, true);

        assertThat(node.path("resource_class").asText()).as(node.toString()).isEqualTo("storage");
        JsonNode traits = api.get("/v1/nodes/" + uuid + "/traits").path("traits");
        assertThat(traits.toString()).contains("CUSTOM_HAS_DISK").doesNotContain("CUSTOM_EXABYTE");
        String history = api.get("/v1/nodes/" + uuid + "/history").toString();
        assertThat(history).contains("machines with a disk are storage").contains("trait CUSTOM_HAS_DISK added");
    }

    /** Waits for manageable with no target; after an inspection, only once the node has recorded its end. */
    private JsonNode awaitManageable(String uuid, boolean inspected) throws InterruptedException {
        Instant deadline = Instant.now().plus(INSPECT_TIMEOUT);
        while (true) {
            JsonNode node = api.get("/v1/nodes/" + uuid);
            String state = node.path("provision_state").asText();
            boolean done = !inspected || !node.path("inspection_finished_at").isNull();
            if (state.equals("manageable") && node.path("target_provision_state").isNull() && done) {
                return node;
            }
            assertThat(state).as(node.path("last_error").asText()).doesNotEndWith("failed");
            assertThat(Instant.now()).as("waiting for manageable, at %s", state).isBefore(deadline);
            Thread.sleep(250);
        }
    }
}
