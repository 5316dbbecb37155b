package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bios slot's out-of-band steps ({@code bios.apply_configuration}, {@code bios.factory_reset}) run by the
 * conductor in manual cleaning (alone, without a ramdisk; or between the agent's steps) and as deploy steps,
 * the cache {@code /v1/nodes/<id>/bios} lists refreshed after each; a bad argument fails naming the step.
 */
class BiosStepsFlowTest {
    private static final String MAC = "02:fc:00:00:00:41";
    private static final String DIRECT = ",\"deploy_interface\":\"direct\",\"instance_info\":{"
            + "\"image_source\":\"http://127.0.0.1:8080/disk.raw\",\"image_checksum\":\"93142d66ff3bd8fb5764418141a725dd\","
            + "\"image_disk_format\":\"raw\"}";
    private static final String APPLY = "{\"interface\":\"bios\",\"step\":\"apply_configuration\",\"args\":{\"settings\":"
            + "[{\"name\":\"ProcVirtualization\",\"value\":\"Enabled\"},{\"name\":\"BootMode\",\"value\":\"Uefi\"}]}";
    @TempDir
    Path temp;
    private FlowFixture conductor;
    private final FakeAgent agent = new FakeAgent();

    @AfterEach
    void stop() {
        agent.close();
        if (conductor != null) {
            conductor.close();
        }
    }

    private UUID manageable(String fields) {
        conductor = new FlowFixture(temp, FlowConfig.defaults().withAutomatedClean(false));
        UUID node = conductor.createNode("node-1", MAC, fields);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        return node;
    }

    private List<String> cached(UUID node) {
        JsonNode listed = conductor.expect(200, conductor.get("/v1/nodes/" + node + "/bios", "latest")).body();
        List<String> out = new ArrayList<>();
        listed.path("bios").forEach(s -> out.add(s.path("name").asText() + "=" + s.path("value").asText()));
        return out;
    }

    @Test
    void manualCleaningWithOnlyBiosStepsRunsThemInTheConductorAndCachesTheSettings() {
        UUID node = manageable("");
        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":[" + APPLY + "}]}");
        Node done = conductor.await(node, ProvisionState.MANAGEABLE);
        assertThat(done.lastError()).isEmpty();
        assertThat(cached(node)).containsExactly("BootMode=Uefi", "ProcVirtualization=Enabled");

        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":[{\"interface\":\"bios\","
                + "\"step\":\"factory_reset\"}]}");
        conductor.await(node, ProvisionState.MANAGEABLE);
        assertThat(cached(node)).isEmpty();
    }

    @Test
    void aMalformedSettingFailsCleaningNamingTheStepAndTheSetting() {
        UUID node = manageable("");
        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":[{\"interface\":\"bios\","
                + "\"step\":\"apply_configuration\",\"args\":{\"settings\":[{\"name\":\"BootMode\"}]}}]}");
        Node failed = conductor.await(node, ProvisionState.CLEAN_FAILED);
        assertThat(failed.lastError().orElseThrow()).contains("bios.apply_configuration")
                .contains("BootMode").contains("run the step again");
        assertThat(cached(node)).isEmpty();
    }

    @Test
    void biosStepsRunBetweenTheAgentsCleanStepsInTheirOrder() {
        UUID node = manageable(DIRECT);
        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":[" + APPLY + "},{\"interface\":\"deploy\","
                + "\"step\":\"erase_devices_express\"}]}");
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        conductor.runAgent(agent, MAC, node, ProvisionState.MANAGEABLE);
        assertThat(agent.stepsRun("clean.execute_clean_step")).containsExactly("erase_devices_express");
        assertThat(cached(node)).containsExactly("BootMode=Uefi", "ProcVirtualization=Enabled");
    }

    @Test
    void aBiosDeployStepRunsInTheConductorWhereItsPriorityPutsIt() {
        UUID node = manageable(DIRECT);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        conductor.provisionWith(node, "{\"target\":\"active\",\"deploy_steps\":[" + APPLY + ",\"priority\":90}]}");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        Node deployed = conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);
        assertThat(deployed.lastError()).isEmpty();
        // The conductor ran it: the agent only wrote the image.
        assertThat(agent.stepsRun("deploy.execute_deploy_step")).containsExactly("write_image");
        assertThat(cached(node)).containsExactly("BootMode=Uefi", "ProcVirtualization=Enabled");
    }

    @Test
    void aBiosDeployStepWithAnUnexpectedArgumentIsRefusedBeforeTheNodeChanges() {
        UUID node = manageable(DIRECT);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        var reply = conductor.send("PUT", "/v1/nodes/" + node + "/states/provision", java.util.Optional.of(
                "{\"target\":\"active\",\"deploy_steps\":[{\"interface\":\"bios\",\"step\":\"factory_reset\","
                        + "\"args\":{\"force\":true},\"priority\":90}]}"), java.util.Optional.of("latest"));
        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.raw()).contains("factory_reset").contains("unexpected arguments: force");
        assertThat(conductor.store.nodes().get(node).provisionState()).isEqualTo(ProvisionState.AVAILABLE);
    }
}
