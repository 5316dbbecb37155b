package dev.ferrum.conductor.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.AgentToken;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeHardware;
import dev.ferrum.conductor.node.NodeInterfaces;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.conductor.port.Port;
import dev.ferrum.protocol.json.WireJson;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The node and port the conductor sends with step commands against the ones stock Ironic sent in the
 * captured deploy (wire-ipa-deploy-mm-direct.json, the write_image command): the same fields, with
 * the same JSON types, but Ironic's database ids, and secrets masked as Ironic masks them.
 */
class AgentWireTest {
    /** Ironic's integer row ids: Ferrum names nodes and ports by uuid only. */
    private static final Set<String> IRONIC_ROW_IDS = Set.of("id", "chassis_id", "allocation_id",
            "conductor_affinity", "node_id", "portgroup_id");

    private final ObjectMapper json = WireJson.newMapper();
    private final AgentWire wire = new AgentWire(json);
    private final Instant created = Instant.parse("2026-11-22T02:34:08.197656Z");

    @Test
    void theNodeHasEveryFieldIronicSendsWithTheSameTypes() throws IOException {
        JsonNode ironic = capturedParams().path("node");
        JsonNode ferrum = json.valueToTree(wire.node(node(), NodeHardware.initial()));

        Set<String> expected = keys(ironic);
        expected.removeAll(IRONIC_ROW_IDS);
        assertThat(keys(ferrum)).containsAll(expected);
        for (String key : expected) {
            if (!ironic.get(key).isNull() && !ferrum.get(key).isNull()) {
                assertThat(ferrum.get(key).getNodeType()).as(key).isEqualTo(ironic.get(key).getNodeType());
            }
        }
        assertThat(ferrum.path("created_at").asText()).isEqualTo("2026-11-22T02:34:08.197656");
    }

    @Test
    void thePortHasEveryFieldIronicSendsWithTheSameTypes() throws IOException {
        JsonNode ironic = capturedParams().path("ports").get(0);
        UUID node = UUID.randomUUID();
        Port port = Port.create(UUID.randomUUID(), MacAddresses.parse("02:fc:00:00:00:01"), node, created);
        JsonNode ferrum = json.valueToTree(wire.port(port, JsonDict.empty()));

        Set<String> expected = keys(ironic);
        expected.removeAll(IRONIC_ROW_IDS);
        assertThat(keys(ferrum)).containsAll(expected);
        for (String key : expected) {
            if (!ironic.get(key).isNull() && !ferrum.get(key).isNull()) {
                assertThat(ferrum.get(key).getNodeType()).as(key).isEqualTo(ironic.get(key).getNodeType());
            }
        }
        assertThat(ferrum.path("node_uuid").asText()).isEqualTo(node.toString());
    }

    @Test
    void secretsAreMaskedAsIronicMasksThem() {
        JsonNode ferrum = json.valueToTree(wire.node(node(), NodeHardware.initial()));

        assertThat(ferrum.path("driver_info").path("ipmi_password").asText()).isEqualTo("******");
        assertThat(ferrum.path("driver_info").path("ipmi_address").asText()).isEqualTo("192.0.2.9");
        assertThat(ferrum.path("instance_info").path("configdrive").asText()).isEqualTo("******");
        assertThat(ferrum.path("instance_info").path("image_url").asText()).as("agents download from it")
                .isEqualTo("http://192.0.2.1/disk.raw");
        assertThat(ferrum.path("driver_internal_info").path("agent_secret_token").asText()).isEqualTo("******");
    }

    private Node node() {
        return Node.builder(UUID.randomUUID(), "ipmi", created).name("node-1")
                .interfaces(NodeInterfaces.allOf("fake"))
                .driverInfo(JsonDict.empty().with("ipmi_address", "192.0.2.9").with("ipmi_password", "hunter2"))
                .properties(JsonDict.empty().with("capabilities", "boot_mode:bios"))
                .instanceInfo(JsonDict.empty().with("image_url", "http://192.0.2.1/disk.raw")
                        .with("configdrive", "H4sI"))
                .traits(List.of("CUSTOM_GOLD"))
                .editInternal(s -> s.withAgentToken(new AgentToken("s3cr3t", false)))
                .build();
    }

    private JsonNode capturedParams() throws IOException {
        try (InputStream in = AgentWireTest.class.getResourceAsStream("/wire-samples/wire-ipa-deploy-mm-direct.json")) {
            JsonNode capture = json.readTree(in);
            for (JsonNode exchange : capture) {
                JsonNode body = exchange.path("request").path("body");
                JsonNode parsed = body.isTextual() ? json.readTree(body.asText()) : body;
                if (parsed.path("name").asText().equals("deploy.execute_deploy_step")) {
                    return parsed.path("params");
                }
            }
        }
        throw new AssertionError("the capture has no execute_deploy_step");
    }

    private static Set<String> keys(JsonNode object) {
        Set<String> keys = new HashSet<>();
        object.fieldNames().forEachRemaining(keys::add);
        return keys;
    }
}
