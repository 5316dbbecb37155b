package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Deploy and clean end to end over real HTTP: conductor API + ramdisk endpoints + a fake IPA. */
class DeployAndCleanFlowTest {
    private static final String MAC = "02:fc:00:00:00:01";
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;
    private final FakeAgent agent = flow.agent();

    private UUID availableNode(FlowConfig config) {
        conductor = flow.start(config);
        UUID node = conductor.createNode("node-1", MAC, FlowFixture.DIRECT_RAW_IMAGE);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        return node;
    }

    @Test
    void directDeployWritesTheImageAndBootsTheDisk() {
        UUID node = availableNode(FlowConfig.defaults().withAutomatedClean(false));
        conductor.await(node, ProvisionState.AVAILABLE);
        conductor.provisionWith(node, "{\"target\":\"active\",\"configdrive\":\"H4sIcfg\"}");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        assertThat(conductor.boot.calls()).contains(node + " ramdisk DEPLOY");

        Node deployed = conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);

        assertThat(deployed.powerState()).contains(PowerState.POWER_ON);
        assertThat(deployed.lastError()).isEmpty();
        assertThat(deployed.internal().stepPlan()).isEmpty();
        assertThat(agent.receivedNames()).containsSubsequence("deploy.get_deploy_steps", "deploy.execute_deploy_step",
                "standby.get_partition_uuids", "standby.sync");
        JsonNode write = agent.received().stream().filter(c -> c.path("name").asText().equals("deploy.execute_deploy_step"))
                .findFirst().orElseThrow().path("params").path("step");
        assertThat(write.path("step").asText()).isEqualTo("write_image");
        JsonNode image = write.path("args").path("image_info");
        assertThat(image.path("urls").get(0).asText()).isEqualTo("http://127.0.0.1:8080/disk.raw");
        assertThat(image.path("checksum").asText()).isEqualTo("93142d66ff3bd8fb5764418141a725dd");
        assertThat(image.path("disk_format").asText()).isEqualTo("raw");
        assertThat(image.path("id").asText()).isEqualTo("disk.raw");
        assertThat(image.path("node_uuid").asText()).isEqualTo(node.toString());
        assertThat(write.path("args").path("configdrive").asText()).isEqualTo("H4sIcfg");
        // The fake answers as stock IPA does, which reads the token from the query string only.
        assertThat(agent.queryTokens()).isNotEmpty();
        assertThat(agent.bearerTokens()).isEmpty();
        assertThat(conductor.boot.calls()).contains(node + " instance");
        assertThat(conductor.store.history().list(node).stream().map(e -> e.toState().wireName()))
                .containsSubsequence("deploying", "wait call-back", "deploying", "wait call-back", "deploying",
                        "active");
    }

    @Test
    void aDeployRecordsTheImageTypeAndUrlAndTheApiMasksTheUrl() {
        UUID node = availableNode(FlowConfig.defaults().withAutomatedClean(false));
        conductor.await(node, ProvisionState.AVAILABLE);
        conductor.provision(node, "active");
        Node waiting = conductor.await(node, ProvisionState.DEPLOY_WAIT);

        assertThat(waiting.instanceInfo().string("image_type")).contains("whole-disk");
        assertThat(waiting.instanceInfo().string("image_url")).contains("http://127.0.0.1:8080/disk.raw");
        JsonNode shown = conductor.expect(200, conductor.get("/v1/nodes/" + node, "latest")).body().path("instance_info");
        assertThat(shown.path("image_url").asText()).isEqualTo("******");
        assertThat(shown.path("image_type").asText()).isEqualTo("whole-disk");
        assertThat(shown.path("image_source").asText()).isEqualTo("http://127.0.0.1:8080/disk.raw");

        UUID partition = conductor.createNode("node-2", "02:fc:00:00:00:02", ",\"deploy_interface\":\"direct\","
                + "\"instance_info\":{\"image_source\":\"file:///var/lib/ironic/images/root.img\","
                + "\"kernel\":\"file:///var/lib/ironic/images/vmlinuz\","
                + "\"ramdisk\":\"file:///var/lib/ironic/images/initrd\"}");
        for (String verb : List.of("manage", "provide", "active")) {
            conductor.provision(partition, verb);
            conductor.await(partition, switch (verb) {
                case "manage" -> ProvisionState.MANAGEABLE;
                case "provide" -> ProvisionState.AVAILABLE;
                default -> ProvisionState.DEPLOY_WAIT;
            });
        }
        Node partitionNode = conductor.store.nodes().get(partition);
        assertThat(partitionNode.instanceInfo().string("image_type")).contains("partition");
        assertThat(partitionNode.instanceInfo().string("image_url")).as("not an http(s) source").isEmpty();
    }

    @Test
    void aFailedWriteImageFailsTheDeployWithTheAgentsError() {
        UUID node = availableNode(FlowConfig.defaults().withAutomatedClean(false));
        conductor.await(node, ProvisionState.AVAILABLE);
        agent.failWriteImage("Checksum mismatch for image disk.raw");
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);

        String token = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"))
                .body().path("config").path("agent_token").asText();
        agent.token(token);
        for (int beat = 0; beat < 50 && conductor.store.nodes().get(node).provisionState() != ProvisionState.DEPLOY_FAILED;
                beat++) {
            conductor.expect(202, conductor.post("/v1/heartbeat/" + node, "{\"callback_url\":\"" + agent.url()
                    + "\",\"agent_token\":\"" + token + "\",\"agent_version\":\"9.4.3\"}", "1.68"));
            FlowFixture.sleep(150);
        }
        Node failed = conductor.await(node, ProvisionState.DEPLOY_FAILED);
        assertThat(failed.lastError()).hasValueSatisfying(error -> assertThat(error)
                .contains("write_image").contains("Checksum mismatch for image disk.raw"));
    }

    @Test
    void automatedCleaningRunsTheAgentsStepsByPriorityThenIsAvailable() {
        UUID node = availableNode(FlowConfig.defaults());
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        assertThat(conductor.boot.calls()).contains(node + " ramdisk CLEAN");

        Node clean = conductor.runAgent(agent, MAC, node, ProvisionState.AVAILABLE);

        assertThat(agent.stepsRun("clean.execute_clean_step")).containsExactly("erase_devices_metadata", "erase_devices");
        assertThat(clean.powerState()).contains(PowerState.POWER_OFF);
        assertThat(clean.internal().agentToken()).isEmpty();
    }

    @Test
    void priorityOverridesDisableAndReorderCleanSteps() {
        UUID node = availableNode(FlowConfig.defaults().withCleanStepPriorities(java.util.Map.of(
                "deploy.erase_devices", 0, "deploy.erase_devices_express", 5)));
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        conductor.runAgent(agent, MAC, node, ProvisionState.AVAILABLE);
        assertThat(agent.stepsRun("clean.execute_clean_step"))
                .containsExactly("erase_devices_metadata", "erase_devices_express");
    }

    @Test
    void manualCleaningRunsTheGivenStepsAndReturnsToManageable() {
        conductor = flow.start(FlowConfig.defaults());
        UUID node = conductor.createNode("node-1", MAC, FlowFixture.DIRECT_RAW_IMAGE);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":[{\"interface\":\"deploy\","
                + "\"step\":\"erase_devices_express\",\"args\":{\"force\":true}}]}");
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        conductor.runAgent(agent, MAC, node, ProvisionState.MANAGEABLE);
        assertThat(agent.stepsRun("clean.execute_clean_step")).containsExactly("erase_devices_express");
    }

    @Test
    void aCleanVersionMismatchRefetchesTheStepsAndRetries() {
        UUID node = availableNode(FlowConfig.defaults());
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        agent.mismatchNextCleanStep();
        conductor.runAgent(agent, MAC, node, ProvisionState.AVAILABLE);
        assertThat(agent.receivedNames().stream().filter("clean.get_clean_steps"::equals)).hasSize(2);
        assertThat(agent.stepsRun("clean.execute_clean_step"))
                .containsExactly("erase_devices_metadata", "erase_devices_metadata", "erase_devices");
    }

    @Test
    void abortingCleanWaitFailsCleaningAndPowersTheNodeOff() {
        UUID node = availableNode(FlowConfig.defaults());
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        conductor.provision(node, "abort");
        conductor.await(node, ProvisionState.CLEAN_FAILED);
        // The ramdisk is abandoned after the API answered; give that task a moment to run.
        for (int i = 0; i < 100 && !conductor.store.nodes().get(node).powerState().equals(
                java.util.Optional.of(PowerState.POWER_OFF)); i++) {
            FlowFixture.sleep(50);
        }
        assertThat(conductor.store.nodes().get(node).powerState()).contains(PowerState.POWER_OFF);
        assertThat(conductor.boot.calls()).contains(node + " clean-up");
    }
}
