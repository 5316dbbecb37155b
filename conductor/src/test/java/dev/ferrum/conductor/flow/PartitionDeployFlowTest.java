package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A partition-image deploy: write_image carries Ironic's partition fields, and after it the conductor
 * has the agent install the bootloader on the root (and EFI) partition the agent reported.
 */
class PartitionDeployFlowTest {
    private static final String MAC = "02:fc:00:00:00:21";
    private static final String ROOT = "0123abcd-4567-89ef-0123-456789abcdef";
    private static final String ESP = "11111111-2222-3333-4444-555555555555";
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private final FakeAgent agent = flow.agent();
    private FlowFixture conductor;

    private UUID availableNode(String properties, String instanceInfo) {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false));
        UUID node = conductor.createNode("part-node", MAC, ",\"deploy_interface\":\"direct\"" + properties
                + ",\"instance_info\":{\"image_source\":\"http://127.0.0.1:8080/root.qcow2\","
                + "\"image_checksum\":\"93142d66ff3bd8fb5764418141a725dd\",\"image_disk_format\":\"qcow2\","
                + "\"kernel\":\"http://127.0.0.1:8080/vmlinuz\",\"ramdisk\":\"http://127.0.0.1:8080/initrd\""
                + instanceInfo + "}");
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        return node;
    }

    private JsonNode sent(String name) {
        return agent.received().stream().filter(c -> c.path("name").asText().equals(name)).findFirst().orElseThrow()
                .path("params");
    }

    private void agentReports(boolean withEsp) {
        ObjectNode uuids = conductor.json.createObjectNode();
        uuids.putObject("partitions").put("root", "/dev/vda2");
        uuids.put("root uuid", ROOT);
        if (withEsp) {
            uuids.put("efi system partition uuid", ESP);
        } else {
            uuids.putNull("efi system partition uuid");
        }
        agent.reportPartitionUuids(uuids);
    }

    @Test
    void uefiPartitionDeploySendsTheLayoutAndInstallsTheBootloader() {
        UUID node = availableNode("", ",\"root_gb\":10,\"swap_mb\":512,\"ephemeral_gb\":2,\"ephemeral_format\":\"xfs\"");
        agentReports(true);
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);

        conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);

        JsonNode image = sent("deploy.execute_deploy_step").path("step").path("args").path("image_info");
        assertThat(image.path("image_type").asText()).isEqualTo("partition");
        assertThat(image.path("root_mb").asLong()).isEqualTo(10 * 1024);
        assertThat(image.path("swap_mb").asLong()).isEqualTo(512);
        assertThat(image.path("ephemeral_mb").asLong()).isEqualTo(2048);
        assertThat(image.path("ephemeral_format").asText()).isEqualTo("xfs");
        assertThat(image.path("preserve_ephemeral").asBoolean(true)).isFalse();
        assertThat(image.path("deploy_boot_mode").asText()).isEqualTo("uefi");
        assertThat(image.path("boot_option").asText()).isEqualTo("local");
        assertThat(image.path("kernel").asText()).isEqualTo("http://127.0.0.1:8080/vmlinuz");
        JsonNode install = sent("image.install_bootloader");
        assertThat(install.path("root_uuid").asText()).isEqualTo(ROOT);
        assertThat(install.path("efi_system_part_uuid").asText()).isEqualTo(ESP);
        assertThat(install.path("target_boot_mode").asText()).isEqualTo("uefi");
        assertThat(agent.receivedNames()).containsSubsequence("standby.get_partition_uuids", "image.install_bootloader",
                "standby.sync");
        assertThat(conductor.boot.calls()).contains(node + " instance");
    }

    @Test
    void biosFromTheNodesCapabilitiesSendsTheDiskLabelAndNoEsp() {
        UUID node = availableNode(",\"properties\":{\"capabilities\":\"boot_mode:bios,disk_label:gpt\"}",
                ",\"root_gb\":0");
        agentReports(false);
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);

        conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);

        JsonNode image = sent("deploy.execute_deploy_step").path("step").path("args").path("image_info");
        assertThat(image.path("deploy_boot_mode").asText()).isEqualTo("bios");
        assertThat(image.path("disk_label").asText()).isEqualTo("gpt");
        JsonNode install = sent("image.install_bootloader");
        assertThat(install.path("target_boot_mode").asText()).isEqualTo("bios");
        assertThat(install.has("efi_system_part_uuid")).isFalse();
    }

    @Test
    void aWholeDiskDeployInstallsNoBootloader() {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false));
        UUID node = conductor.createNode("wd-node", MAC, ",\"deploy_interface\":\"direct\",\"instance_info\":{"
                + "\"image_source\":\"http://127.0.0.1:8080/disk.raw\","
                + "\"image_checksum\":\"93142d66ff3bd8fb5764418141a725dd\"}");
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);

        conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);

        assertThat(agent.receivedNames()).doesNotContain("image.install_bootloader");
        JsonNode image = sent("deploy.execute_deploy_step").path("step").path("args").path("image_info");
        assertThat(image.has("root_mb")).isFalse();
    }

    @Test
    void aFailedBootloaderInstallFailsTheDeployNamingTheStepAndTheFix() {
        UUID node = availableNode("", ",\"root_gb\":4");
        agentReports(true);
        agent.failBootloader("The image has no grub-install or grub2-install");
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);

        assertThatThrownBy(() -> conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE))
                .isInstanceOf(AssertionError.class);
        Node failed = conductor.await(node, ProvisionState.DEPLOY_FAILED);
        assertThat(failed.lastError().orElse("")).contains("deploy.prepare_instance_boot")
                .contains("no grub-install").contains("use an image with GRUB");
    }

    @Test
    void aBadBootModeIsRefusedBeforeAnythingPowersOn() {
        UUID node = availableNode("", ",\"root_gb\":4,\"deploy_boot_mode\":\"efi-ish\"");
        var reply = conductor.send("PUT", "/v1/nodes/" + node + "/states/provision",
                Optional.of("{\"target\":\"active\"}"), Optional.of("latest"));

        assertThat(reply.status()).isEqualTo(400);
        assertThat(conductor.fault(reply)).contains("boot_mode 'efi-ish' is not supported");
        assertThat(conductor.store.nodes().get(node).provisionState()).isEqualTo(ProvisionState.AVAILABLE);
    }

    @Test
    void aNetbootPartitionImageBootsItsKernelThroughTheBootInterfaceWithItsRoot() {
        UUID node = availableNode(",\"properties\":{\"capabilities\":\"boot_option:netboot\"}", ",\"root_gb\":4");
        agentReports(false);
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);

        conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);

        JsonNode image = sent("deploy.execute_deploy_step").path("step").path("args").path("image_info");
        assertThat(image.path("boot_option").asText()).isEqualTo("netboot");
        assertThat(agent.receivedNames()).doesNotContain("image.install_bootloader");
        assertThat(conductor.boot.calls()).contains(node + " netboot http://127.0.0.1:8080/vmlinuz root=UUID=" + ROOT)
                .doesNotContain(node + " instance");
    }
}
