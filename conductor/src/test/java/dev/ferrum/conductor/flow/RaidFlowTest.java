package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * In-band RAID on a node with {@code raid_interface=agent}, over real HTTP with a fake agent: manual
 * cleaning runs raid.delete_configuration and raid.create_configuration with the node's
 * target_raid_config sent to the agent, the agent's result becomes raid_config (root volume into
 * properties), delete empties it, a create that reports nothing fails naming the step, and the
 * deploy step raid.apply_configuration records its result the same way.
 */
class RaidFlowTest {
    private static final String MAC = "02:fc:00:00:00:12";
    private static final String TARGET = "{\"logical_disks\":[{\"raid_level\":\"1\",\"size_gb\":100,"
            + "\"controller\":\"software\",\"is_root_volume\":true},"
            + "{\"raid_level\":\"0\",\"size_gb\":\"MAX\",\"controller\":\"software\"}]}";

    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;
    private final FakeAgent agent = flow.agent();

    private UUID manageableAgentRaidNode(String extra) {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false));
        UUID node = conductor.createNode("node-raid", MAC, ",\"deploy_interface\":\"direct\",\"raid_interface\":"
                + "\"agent\",\"properties\":{\"capabilities\":\"boot_mode:uefi\"}" + extra);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.expect(204, conductor.send("PUT", "/v1/nodes/" + node + "/states/raid",
                Optional.of(TARGET), Optional.of("latest")));
        for (String step : new String[] {"delete_configuration", "create_configuration"}) {
            agent.offerCleanStep(conductor.json.createObjectNode().put("step", step).put("priority", 0)
                    .put("interface", "raid").put("reboot_requested", false).put("abortable", true));
        }
        return node;
    }

    private ObjectNode built() throws Exception {
        return (ObjectNode) conductor.json.readTree("{\"logical_disks\":[{\"raid_level\":\"1\",\"size_gb\":100,"
                + "\"controller\":\"software\",\"is_root_volume\":true,\"volume_name\":\"md0\","
                + "\"root_device_hint\":{\"name\":\"/dev/md0\"}},{\"raid_level\":\"0\",\"size_gb\":\"MAX\","
                + "\"controller\":\"software\",\"volume_name\":\"md1\",\"root_device_hint\":null}]}");
    }

    private Node clean(UUID node, String steps) {
        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":" + steps + "}");
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        return conductor.runAgent(agent, MAC, node, ProvisionState.MANAGEABLE);
    }

    private JsonNode shown(UUID node) {
        return conductor.expect(200, conductor.get("/v1/nodes/" + node, "latest")).body();
    }

    @Test
    void createConfigurationSendsTheTargetAndRecordsWhatTheAgentBuilt() throws Exception {
        UUID node = manageableAgentRaidNode("");
        agent.cleanResult("create_configuration", built());

        Node cleaned = clean(node, "[{\"interface\":\"raid\",\"step\":\"delete_configuration\"},"
                + "{\"interface\":\"raid\",\"step\":\"create_configuration\"}]");

        assertThat(cleaned.lastError()).isEmpty();
        assertThat(agent.stepsRun("clean.execute_clean_step"))
                .containsExactly("delete_configuration", "create_configuration");
        JsonNode sent = agent.received().stream()
                .filter(c -> c.path("name").asText().equals("clean.execute_clean_step")).reduce((a, b) -> b)
                .orElseThrow().path("params").path("node");
        assertThat(sent.path("target_raid_config")).isEqualTo(conductor.json.readTree(TARGET));
        JsonNode view = shown(node);
        JsonNode raidConfig = view.path("raid_config");
        assertThat(raidConfig.path("logical_disks")).isEqualTo(built().path("logical_disks"));
        assertThat(raidConfig.path("last_updated").asText()).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{6}");
        assertThat(view.path("target_raid_config")).isEqualTo(conductor.json.readTree(TARGET));
        assertThat(view.path("properties").path("root_device")).isEqualTo(conductor.json.readTree(
                "{\"name\":\"/dev/md0\"}"));
        assertThat(view.path("properties").path("local_gb").asInt()).isEqualTo(100);
        assertThat(view.path("properties").path("capabilities").asText()).isEqualTo("boot_mode:uefi,raid_level:1");
    }

    @Test
    void deleteConfigurationEmptiesRaidConfigAndKeepsTheTarget() throws Exception {
        UUID node = manageableAgentRaidNode("");
        agent.cleanResult("create_configuration", built());
        clean(node, "[{\"interface\":\"raid\",\"step\":\"create_configuration\"}]");
        assertThat(shown(node).path("raid_config").path("logical_disks")).hasSize(2);

        clean(node, "[{\"interface\":\"raid\",\"step\":\"delete_configuration\"}]");

        assertThat(shown(node).path("raid_config")).isEmpty();
        assertThat(shown(node).path("target_raid_config")).isEqualTo(conductor.json.readTree(TARGET));
    }

    @Test
    void aCreateThatReportsNoConfigurationFailsCleaningNamingTheStep() {
        UUID node = manageableAgentRaidNode("");

        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":"
                + "[{\"interface\":\"raid\",\"step\":\"create_configuration\"}]}");
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        Node failed = runUntilFailed(node);

        assertThat(failed.provisionState()).isEqualTo(ProvisionState.CLEAN_FAILED);
        assertThat(failed.lastError().orElse("")).contains("raid.create_configuration")
                .contains("reported no RAID configuration");
        assertThat(shown(node).path("raid_config")).isEmpty();
    }

    private Node runUntilFailed(UUID node) {
        try {
            conductor.runAgent(agent, MAC, node, ProvisionState.MANAGEABLE);
        } catch (AssertionError expected) {
            // runAgent stops at the failure; the node says what it was.
        }
        return conductor.store.nodes().get(node);
    }

    @Test
    void applyConfigurationAsADeployStepRecordsItsResult() throws Exception {
        // The whole-disk image's root filesystem UUID lets the agent put GRUB on the array's holders.
        UUID node = manageableAgentRaidNode(",\"instance_info\":{\"image_source\":\"http://127.0.0.1:8080/disk.raw\","
                + "\"image_checksum\":\"93142d66ff3bd8fb5764418141a725dd\","
                + "\"image_rootfs_uuid\":\"6f1c0a2e-8d3b-4f5a-9c7e-1b2d3e4f5a6b\"}");
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        ObjectNode apply = conductor.json.createObjectNode().put("step", "apply_configuration").put("priority", 0)
                .put("interface", "raid").put("reboot_requested", false);
        apply.putObject("argsinfo").putObject("raid_config").put("required", true).put("description", "RAID");
        agent.offerDeployStep(apply);
        agent.deployResult("apply_configuration", built());

        conductor.provisionWith(node, "{\"target\":\"active\",\"deploy_steps\":[{\"interface\":\"raid\","
                + "\"step\":\"apply_configuration\",\"args\":{\"raid_config\":" + TARGET + "},\"priority\":90}]}");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        Node deployed = conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);

        assertThat(deployed.lastError()).isEmpty();
        assertThat(shown(node).path("raid_config").path("logical_disks")).isEqualTo(built().path("logical_disks"));
        assertThat(shown(node).path("properties").path("root_device").path("name").asText()).isEqualTo("/dev/md0");
    }
}
