package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A whole-disk image deployed onto software RAID: as Ironic's {@code configure_local_boot} does, the
 * conductor has the agent install the bootloader (GRUB on every holder disk), naming the image's root
 * by {@code instance_info.image_rootfs_uuid}; without that UUID the deploy fails saying so.
 */
class SoftwareRaidBootFlowTest {
    private static final String MAC = "02:fc:00:00:00:31";
    private static final String ROOTFS = "6f1c0a2e-8d3b-4f5a-9c7e-1b2d3e4f5a6b";
    private static final String SOFTWARE_RAID = "{\"logical_disks\":[{\"raid_level\":\"1\",\"size_gb\":\"MAX\","
            + "\"controller\":\"software\",\"is_root_volume\":true}]}";
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private final FakeAgent agent = flow.agent();
    private FlowFixture conductor;

    private UUID deployWaitingWholeDiskNode(String targetRaid, String instanceInfo) {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false));
        UUID node = conductor.createNode("md-node", MAC, ",\"deploy_interface\":\"direct\",\"raid_interface\":\"agent\","
                + "\"properties\":{\"capabilities\":\"boot_mode:bios\"},\"instance_info\":{"
                + "\"image_source\":\"http://127.0.0.1:8080/disk.raw\","
                + "\"image_checksum\":\"93142d66ff3bd8fb5764418141a725dd\"" + instanceInfo + "}");
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.expect(204, conductor.send("PUT", "/v1/nodes/" + node + "/states/raid", Optional.of(targetRaid),
                Optional.of("latest")));
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        return node;
    }

    @Test
    void aWholeDiskImageOnSoftwareRaidGetsItsBootloaderInstalledByRootfsUuid() {
        UUID node = deployWaitingWholeDiskNode(SOFTWARE_RAID, ",\"image_rootfs_uuid\":\"" + ROOTFS + "\"");

        conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);

        JsonNode install = agent.received().stream()
                .filter(c -> c.path("name").asText().equals("image.install_bootloader")).findFirst().orElseThrow()
                .path("params");
        assertThat(install.path("root_uuid").asText()).isEqualTo(ROOTFS);
        assertThat(install.path("target_boot_mode").asText()).isEqualTo("bios");
        assertThat(install.has("efi_system_part_uuid")).isFalse();
        assertThat(agent.receivedNames()).containsSubsequence("standby.get_partition_uuids", "image.install_bootloader",
                "standby.sync");
    }

    @Test
    void withoutTheImagesRootfsUuidTheDeployFailsSayingWhatToSet() {
        UUID node = deployWaitingWholeDiskNode(SOFTWARE_RAID, "");

        assertThatThrownBy(() -> conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE))
                .isInstanceOf(AssertionError.class);
        Node failed = conductor.await(node, ProvisionState.DEPLOY_FAILED);
        assertThat(failed.lastError().orElse("")).contains("deploy.prepare_instance_boot").contains("software RAID")
                .contains("image_rootfs_uuid");
        assertThat(agent.receivedNames()).doesNotContain("image.install_bootloader");
    }

    @Test
    void hardwareRaidLeavesAWholeDiskImageToItsOwnBootloader() {
        UUID node = deployWaitingWholeDiskNode(SOFTWARE_RAID.replace("software", "hw-ctl-0"),
                ",\"image_rootfs_uuid\":\"" + ROOTFS + "\"");

        conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);

        assertThat(agent.receivedNames()).doesNotContain("image.install_bootloader");
    }
}
