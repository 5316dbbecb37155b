package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Ironic's {@code manual-management} hardware type with {@code noop} management: the operator set the boot
 * order by hand, so validation passes, boot-device requests are logged and succeed, and cleaning and a
 * direct deploy reach the agent and finish.
 */
class ManualManagementFlowTest {
    private static final String MAC = "02:fc:00:00:00:0a";

    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private final FlowFixture conductor = flow.start(FlowConfig.defaults());
    private final FakeAgent agent = flow.agent();

    private UUID manualNode() {
        FlowFixture.Reply created = conductor.expect(201, conductor.post("/v1/nodes", "{\"driver\":\"manual-management\","
                + "\"name\":\"by-hand\",\"boot_interface\":\"fake\",\"deploy_interface\":\"direct\","
                + "\"driver_info\":{\"deploy_kernel\":\"ipa.kernel\",\"deploy_ramdisk\":\"ipa.initramfs\"},"
                + "\"instance_info\":{\"image_source\":\"http://127.0.0.1:8080/disk.raw\","
                + "\"image_checksum\":\"93142d66ff3bd8fb5764418141a725dd\",\"image_disk_format\":\"raw\"}}", "latest"));
        assertThat(created.body().path("management_interface").asText()).isEqualTo("noop");
        assertThat(created.body().path("power_interface").asText()).isEqualTo("fake");
        String uuid = created.body().get("uuid").asText();
        conductor.expect(201, conductor.post("/v1/ports", "{\"address\":\"" + MAC + "\",\"node_uuid\":\"" + uuid + "\"}",
                "latest"));
        return UUID.fromString(uuid);
    }

    @Test
    void validatesAsIronicsNoopInterfacesDo() {
        UUID node = manualNode();
        JsonNode validate = conductor.expect(200, conductor.get("/v1/nodes/" + node + "/validate", "latest")).body();
        for (String passes : new String[] {"management", "power", "boot", "deploy", "network", "storage"}) {
            assertThat(validate.path(passes).path("result").asBoolean()).as(passes + ": " + validate).isTrue();
            assertThat(validate.path(passes).has("reason")).as(passes).isFalse();
        }
        for (String lacking : new String[] {"console", "raid", "rescue", "bios"}) {
            assertThat(validate.path(lacking).path("result").asBoolean(true)).as(lacking).isFalse();
            assertThat(validate.path(lacking).path("reason").asText()).isEqualTo("Driver manual-management does not"
                    + " support " + lacking + " (disabled or not implemented).");
        }
    }

    @Test
    void aBootDeviceRequestIsLoggedAndSucceeds() {
        UUID node = manualNode();
        String path = "/v1/nodes/" + node + "/management/boot_device";
        assertThat(conductor.send("PUT", path, Optional.of("{\"boot_device\":\"pxe\"}"), Optional.of("latest"))
                .status()).isEqualTo(204);
        assertThat(conductor.send("PUT", path, Optional.of("{\"boot_device\":\"disk\",\"persistent\":true}"),
                Optional.of("latest")).status()).isEqualTo(204);
        FlowFixture.Reply cdrom = conductor.send("PUT", path, Optional.of("{\"boot_device\":\"cdrom\"}"),
                Optional.of("latest"));
        assertThat(cdrom.status()).isEqualTo(400);
        JsonNode shown = conductor.expect(200, conductor.get(path, "latest")).body();
        assertThat(shown.path("boot_device").asText()).isEqualTo("pxe");
        assertThat(shown.path("persistent").asBoolean()).isTrue();
        JsonNode supported = conductor.expect(200, conductor.get(path + "/supported", "latest")).body();
        assertThat(supported.path("supported_boot_devices").toString()).contains("pxe", "disk");
    }

    @Test
    void cleansAndDeploysThroughTheAgent() {
        UUID node = manualNode();
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        // Automated cleaning boots the agent ramdisk; with noop management nothing is asked of a BMC.
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        conductor.runAgent(agent, MAC, node, ProvisionState.AVAILABLE);
        assertThat(agent.receivedNames()).contains("clean.get_clean_steps");

        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        Node deployed = conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);
        assertThat(deployed.lastError()).isEmpty();
        assertThat(agent.receivedNames()).contains("deploy.execute_deploy_step", "standby.sync");
    }
}
