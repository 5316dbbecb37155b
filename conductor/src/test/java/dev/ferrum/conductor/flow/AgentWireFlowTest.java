package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What goes over the agent wire with each step command (the whole node minus secrets and every port
 * field, as Ironic's {@code as_dict(secure=True)} sends them), and the agent facts the node keeps after
 * the deploy, as Ironic keeps them.
 */
class AgentWireFlowTest {
    private static final String MAC = "02:fc:00:00:00:01";
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;
    private final FakeAgent agent = flow.agent();

    @Test
    void stepCommandsCarryTheWholeNodeMinusSecretsAndEveryPortField() {
        UUID node = deployed();

        JsonNode params = agent.received().stream()
                .filter(c -> c.path("name").asText().equals("deploy.execute_deploy_step"))
                .findFirst().orElseThrow().path("params");
        JsonNode sent = params.path("node");
        List<String> keys = new ArrayList<>();
        sent.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).contains("uuid", "name", "driver", "driver_info", "driver_internal_info", "instance_info",
                "properties", "instance_uuid", "provision_state", "target_provision_state", "power_state",
                "maintenance", "extra", "traits", "deploy_interface", "boot_interface", "raid_config",
                "target_raid_config", "deploy_step", "clean_step", "resource_class", "conductor_group",
                "network_data", "created_at", "updated_at", "owner", "lessee", "protected", "retired");
        assertThat(keys.size()).as("Ironic sends 59 node fields; Ferrum all it has but database ids").isGreaterThan(50);
        assertThat(sent.path("driver_info").path("ipmi_password").asText()).isEqualTo("******");
        assertThat(sent.path("driver_internal_info").path("agent_secret_token").asText()).isEqualTo("******");
        assertThat(sent.path("deploy_step").path("step").asText()).as("the running step").isEqualTo("write_image");
        assertThat(sent.path("traits").path("objects").get(0).path("trait").asText()).isEqualTo("CUSTOM_GOLD");
        assertThat(sent.path("properties").path("cpus").asInt()).isEqualTo(2);

        JsonNode port = params.path("ports").get(0);
        List<String> portKeys = new ArrayList<>();
        port.fieldNames().forEachRemaining(portKeys::add);
        assertThat(portKeys).contains("uuid", "node_uuid", "address", "extra", "local_link_connection",
                "pxe_enabled", "internal_info", "physical_network", "is_smartnic", "created_at", "updated_at");
        assertThat(port.path("address").asText()).isEqualTo(MAC);
        assertThat(port.path("node_uuid").asText()).isEqualTo(node.toString());
        assertThat(port.path("pxe_enabled").asBoolean()).isTrue();
    }

    @Test
    void theNodeKeepsTheAgentFactsIronicKeepsAfterTheDeploy() {
        UUID node = deployed();

        Node active = conductor.store.nodes().get(node);
        assertThat(active.internal().agentUrl()).as("the ramdisk is gone").isEmpty();
        assertThat(active.internal().agentToken()).isEmpty();
        assertThat(active.internal().agentVersion()).contains("9.4.3");
        assertThat(active.internal().agentLastHeartbeat()).isPresent();
        JsonNode shown = conductor.get("/v1/nodes/" + node, "latest").body().path("driver_internal_info");
        assertThat(shown.path("agent_version").asText()).isEqualTo("9.4.3");
        assertThat(shown.has("agent_last_heartbeat")).isTrue();
        assertThat(shown.path("hardware_manager_version").path("generic_hardware_manager").asText())
                .isEqualTo("1.2");
        assertThat(shown.has("agent_url")).isFalse();
        assertThat(shown.has("agent_secret_token")).isFalse();
    }

    private UUID deployed() {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false));
        UUID node = conductor.createNode("node-1", MAC, ",\"deploy_interface\":\"direct\","
                + "\"driver_info\":{\"ipmi_address\":\"192.0.2.9\",\"ipmi_password\":\"hunter2\"},"
                + "\"properties\":{\"cpus\":2},\"instance_info\":{\"image_source\":\"http://127.0.0.1:8080/disk.raw\","
                + "\"image_checksum\":\"93142d66ff3bd8fb5764418141a725dd\"}");
        conductor.expect(204, conductor.send("PUT", "/v1/nodes/" + node + "/traits/CUSTOM_GOLD",
                java.util.Optional.empty(), java.util.Optional.of("latest")));
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);
        return node;
    }
}
