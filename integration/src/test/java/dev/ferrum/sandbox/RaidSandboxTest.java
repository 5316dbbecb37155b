package dev.ferrum.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.sandbox.flow.IronicApiClient;
import dev.ferrum.sandbox.flow.NodeEnrollment;
import dev.ferrum.sandbox.machine.SimulatedMachine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hardware RAID end to end: a sandbox machine made an Acme machine with the example plugin's fake
 * controller, so the sandbox's real agent picks the Acme manager (found on the classpath as a
 * plugin) over the generic one; the operator stores a target_raid_config and runs manual cleaning
 * with raid.delete_configuration and raid.create_configuration through the HTTP API, and the node's
 * raid_config and the controller's volumes both show the array that was built.
 */
class RaidSandboxTest {
    private static final Duration CLEAN_TIMEOUT = Duration.ofMinutes(3);

    private Sandbox sandbox;
    private SimulatedMachine machine;
    private Path controller;
    private IronicApiClient api;
    private String uuid;

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
    void manualCleaningBuildsTheTargetRaidOnTheAcmeController() throws Exception {
        JsonNode node = cleanWithTarget("""
                {"logical_disks": [
                  {"size_gb": 100, "raid_level": "1", "is_root_volume": true, "volume_name": "os"},
                  {"size_gb": "MAX", "raid_level": "0"}]}""", "manageable");

        assertThat(node.path("last_error").isNull()).as(node.toString()).isTrue();
        JsonNode built = node.path("raid_config").path("logical_disks");
        assertThat(built).as(node.toString()).hasSize(2);
        assertThat(built.get(0).path("volume_name").asText()).isEqualTo("os");
        assertThat(built.get(0).path("raid_level").asText()).isEqualTo("1");
        assertThat(built.get(0).path("is_root_volume").asBoolean()).isTrue();
        assertThat(built.get(0).path("controller").asText()).isEqualTo("Acme.RAID.Integrated.1");
        assertThat(texts(built.get(0).path("physical_disks"))).containsExactly("Disk.Bay.0", "Disk.Bay.1");
        assertThat(texts(built.get(1).path("physical_disks"))).containsExactly("Disk.Bay.2", "Disk.Bay.3");
        // The stale volume is gone (delete_configuration ran first) and the new ones are on the controller.
        assertThat(Files.readAllLines(controller.resolve("volumes"))).containsExactly(
                "os 1 100 Disk.Bay.0,Disk.Bay.1", "acme-volume-1 0 MAX Disk.Bay.2,Disk.Bay.3");
        assertThat(node.path("target_raid_config").path("logical_disks")).hasSize(2);
        assertThat(api.get("/v1/nodes/" + uuid + "/history").toString()).contains("clean wait");
        assertThat(machine.isOn()).as("manual cleaning ends with the machine powered off").isFalse();
    }

    @Test
    void aTargetNeedingMoreDisksThanTheControllerHasFailsCleaningSayingWhatToChange() throws Exception {
        JsonNode node = cleanWithTarget("""
                {"logical_disks": [
                  {"size_gb": 100, "raid_level": "1+0"},
                  {"size_gb": 50, "raid_level": "1"}]}""", "clean failed");

        assertThat(node.path("target_provision_state").asText()).isEqualTo("manageable");
        String lastError = node.path("last_error").asText();
        assertThat(lastError).as(node.toString())
                .contains("create_configuration", "logical disk 1", "needs 2 physical disks but 0 are free",
                        "ask for fewer disks");
        assertThat(node.path("raid_config").path("logical_disks")).as(node.toString()).isEmpty();
        // delete_configuration ran; create_configuration built nothing of the refused configuration.
        assertThat(Files.readAllLines(controller.resolve("volumes"))).isEmpty();
    }

    /**
     * Starts a one-machine sandbox, makes its machine an Acme one, enrolls it as manageable with the agent
     * RAID interface, stores {@code target} and runs manual cleaning with both RAID steps until {@code ends}.
     */
    private JsonNode cleanWithTarget(String target, String ends) throws Exception {
        sandbox = Sandbox.start(new SandboxSettings(1, 0, temp.resolve("data"), 4 << 20));
        machine = sandbox.machines().getFirst();
        controller = makeAcmeMachine(machine.root().root());
        api = new IronicApiClient(sandbox.api());

        NodeEnrollment enrollment = sandbox.enrollment(machine);
        ObjectNode body = enrollment.node().deepCopy().put("raid_interface", "agent");
        uuid = api.post("/v1/nodes", body).path("uuid").asText();
        api.post("/v1/ports", api.json().createObjectNode().put("address", enrollment.mac()).put("node_uuid", uuid));
        api.provision(uuid, "manage");
        awaitStable("manageable");

        api.put("/v1/nodes/" + uuid + "/states/raid", api.json().readTree(target), 204);
        ObjectNode clean = api.json().createObjectNode().put("target", "clean");
        ArrayNode steps = clean.putArray("clean_steps");
        steps.addObject().put("interface", "raid").put("step", "delete_configuration");
        steps.addObject().put("interface", "raid").put("step", "create_configuration");
        api.put("/v1/nodes/" + uuid + "/states/provision", clean, 202);
        return awaitStable(ends);
    }

    /** Turns the sandbox machine into an Acme one with four disks and an earlier tenant's volume. */
    private static Path makeAcmeMachine(Path root) throws Exception {
        Files.writeString(root.resolve("sys/class/dmi/id/sys_vendor"), "Acme Servers\n");
        Path controller = Files.createDirectories(root.resolve("var/lib/acme-raid"));
        Files.writeString(controller.resolve("physical_disks"),
                "Disk.Bay.0 900\nDisk.Bay.1 900\nDisk.Bay.2 900\nDisk.Bay.3 900\n");
        Files.writeString(controller.resolve("volumes"), "old 0 1800 Disk.Bay.0,Disk.Bay.1\n");
        return controller;
    }

    private static List<String> texts(JsonNode array) {
        return java.util.stream.StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
    }

    /** Waits until the node rests in {@code stable}; any other failed state ends the test with its last_error. */
    private JsonNode awaitStable(String stable) throws InterruptedException {
        Instant deadline = Instant.now().plus(CLEAN_TIMEOUT);
        while (true) {
            JsonNode node = api.get("/v1/nodes/" + uuid);
            String state = node.path("provision_state").asText();
            // A failed manual clean keeps "manageable" as its target, as Ironic's does, so only the state counts there.
            if (state.equals(stable) && (stable.endsWith("failed") || node.path("target_provision_state").isNull())) {
                return node;
            }
            assertThat(state).as(node.path("last_error").asText()).doesNotEndWith("failed");
            assertThat(Instant.now()).as("waiting for %s, at %s", stable, state).isBefore(deadline);
            Thread.sleep(250);
        }
    }
}
