package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.configdrive.IsoInfo;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A deploy given its config drive as a JSON object: the agent's {@code write_image} receives Ironic's
 * gzipped, base64 ISO holding the files; a request Ironic would refuse is a 400 that changes nothing.
 */
class ConfigDriveDeployFlowTest {
    private static final String MAC = "02:fc:00:00:00:11";
    private static final String DRIVE = "{\"meta_data\":{\"hostname\":\"web-1\"},\"user_data\":\"#cloud-config\\n\","
            + "\"network_data\":{\"links\":[],\"networks\":[],\"services\":[{\"type\":\"dns\",\"address\":\"10.0.0.2\"}]},"
            + "\"vendor_data\":{\"site\":\"lab\"}}";
    private final ObjectMapper json = new ObjectMapper();
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private final FakeAgent agent = flow.agent();
    private FlowFixture conductor;

    private UUID availableNode() {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false));
        UUID node = conductor.createNode("cd-node", MAC, FlowFixture.DIRECT_RAW_IMAGE);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        return node;
    }

    private String sentConfigDrive() {
        return agent.received().stream().filter(c -> c.path("name").asText().equals("deploy.execute_deploy_step"))
                .map(c -> c.path("params").path("step"))
                .filter(step -> step.path("step").asText().equals("write_image"))
                .findFirst().orElseThrow().path("args").path("configdrive").asText();
    }

    private static byte[] gunzipBase64(String text) throws IOException {
        try (var in = new GZIPInputStream(new ByteArrayInputStream(Base64.getMimeDecoder().decode(text)))) {
            return in.readAllBytes();
        }
    }

    @Test
    void aDictDeploySendsTheAgentABuiltIsoWithEveryFile() throws IOException {
        UUID node = availableNode();
        conductor.provisionWith(node, "{\"target\":\"active\",\"configdrive\":" + DRIVE + "}");
        Node waiting = conductor.await(node, ProvisionState.DEPLOY_WAIT);
        assertThat(waiting.instanceInfo().get("configdrive")).as("kept as given, like Ironic")
                .contains(json.readTree(DRIVE));

        conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);

        byte[] iso = gunzipBase64(sentConfigDrive());
        assertThat(new String(iso, 16 * 2048 + 1, 5, StandardCharsets.US_ASCII)).isEqualTo("CD001");
        assertThat(new String(iso, 16 * 2048 + 40, 8, StandardCharsets.US_ASCII)).isEqualTo("config-2");
        IsoInfo reader = IsoInfo.of(Files.write(flow.temp().resolve("sent.iso"), iso));
        JsonNode meta = json.readTree(reader.extract("-R", "/openstack/latest/meta_data.json"));
        assertThat(meta.path("uuid").asText()).isEqualTo(node.toString());
        assertThat(meta.path("name").asText()).isEqualTo("cd-node");
        assertThat(meta.path("hostname").asText()).isEqualTo("web-1");
        assertThat(new String(reader.extract("-R", "/openstack/latest/user_data"), StandardCharsets.UTF_8))
                .isEqualTo("#cloud-config\n");
        assertThat(json.readTree(reader.extract("-R", "/openstack/latest/network_data.json")))
                .isEqualTo(json.readTree(DRIVE).get("network_data"));
        assertThat(json.readTree(reader.extract("-R", "/openstack/2012-08-10/vendor_data2.json")))
                .isEqualTo(json.readTree("{\"site\":\"lab\"}"));
        // The object itself (user data, keys) reaches neither API readers nor the agent's copy of the node.
        JsonNode shown = conductor.expect(200, conductor.get("/v1/nodes/" + node, "latest")).body();
        assertThat(shown.path("instance_info").path("configdrive").asText()).isEqualTo("******");
        assertThat(agent.received()).allSatisfy(command -> assertThat(command.path("params").path("node")
                .path("instance_info").path("configdrive").asText("******")).isEqualTo("******"));
    }

    @Test
    void anEmptyObjectIsNoConfigDrive() {
        UUID node = availableNode();
        conductor.provisionWith(node, "{\"target\":\"active\",\"configdrive\":{}}");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);

        assertThat(conductor.store.nodes().get(node).instanceInfo().get("configdrive")).isEmpty();
        JsonNode write = agent.received().stream()
                .filter(c -> c.path("name").asText().equals("deploy.execute_deploy_step")).findFirst().orElseThrow();
        assertThat(write.path("params").path("step").path("args").path("configdrive").isNull()).isTrue();
    }

    @Test
    void requestsIronicRefusesAre400AndChangeNothing() {
        UUID node = availableNode();
        Node before = conductor.store.nodes().get(node);
        record Refused(String configdrive, String version, String fault) {
        }
        for (Refused refused : List.of(
                new Refused("{\"meta_data\":\"web-1\"}", "latest", "Invalid configdrive format: "),
                new Refused("{\"userdata\":\"x\"}", "latest", "Invalid configdrive format: "),
                new Refused("{\"user_data\":7}", "latest", "Invalid configdrive format: "),
                new Refused("[\"x\"]", "latest", "Invalid configdrive format: "),
                new Refused("\"not base64!\"", "latest", "Invalid configdrive format: it is neither a JSON, nor a URL,"
                        + " nor a base64 string"),
                new Refused("{\"meta_data\":{}}", "1.55", "Providing a JSON object for configdrive is only supported"
                        + " starting with API version 1.56"),
                new Refused("{\"vendor_data\":{}}", "1.58", "Providing vendor_data in configdrive is only supported"
                        + " starting with API version 1.59"))) {
            var reply = conductor.send("PUT", "/v1/nodes/" + node + "/states/provision",
                    Optional.of("{\"target\":\"active\",\"configdrive\":" + refused.configdrive() + "}"),
                    Optional.of(refused.version()));
            assertThat(reply.status()).as(refused.configdrive()).isEqualTo(400);
            assertThat(conductor.fault(reply)).as(refused.configdrive()).startsWith(refused.fault());
        }
        assertThat(conductor.store.nodes().get(node)).isEqualTo(before);
        assertThat(agent.received()).isEmpty();
    }
}
