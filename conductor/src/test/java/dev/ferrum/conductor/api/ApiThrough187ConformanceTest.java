package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What API 1.83 to 1.87 add, each behind its microversion as Ironic gates it: child nodes ({@code parent_node},
 * its filters and {@code /children}, 1.83), the unhold verb (1.85), the firmware interface and
 * {@code /firmware} (1.86), the service verb and {@code service_step} (1.87).
 */
class ApiThrough187ConformanceTest {
    @TempDir
    Path temp;
    ApiFixture api;

    @BeforeEach
    void start() {
        api = ApiFixture.withToken(temp);
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private ApiFixture.Reply at(String version, String method, String path, String body) {
        return api.send(method, path, Optional.ofNullable(body), version);
    }

    private static List<String> uuids(JsonNode list) {
        List<String> out = new ArrayList<>();
        list.path("nodes").forEach(n -> out.add(n.path("uuid").asText()));
        return out;
    }

    @Test
    void theServedMaximumIs187() {
        assertThat(api.get("/").body().path("default_version").path("version").asText()).isEqualTo("1.87");
        assertThat(at("1.88", "GET", "/v1/nodes", null).status()).isEqualTo(406);
    }

    @Test
    void childNodesNameTheirParentFrom183AndListsHideThemUnlessAsked() {
        String parent = api.createNode("chassis-1");
        var child = at("1.83", "POST", "/v1/nodes", "{\"driver\":\"fake-hardware\",\"name\":\"dpu-1\","
                + "\"parent_node\":\"chassis-1\"}");
        assertThat(child.status()).isEqualTo(201);
        String childUuid = child.body().path("uuid").asText();
        // A name is stored as the parent's uuid, as Ironic does.
        assertThat(child.body().path("parent_node").asText()).isEqualTo(parent);
        assertThat(at("1.82", "POST", "/v1/nodes", "{\"driver\":\"fake-hardware\",\"parent_node\":\"" + parent
                + "\"}").status()).isEqualTo(406);
        var unknownParent = at("1.83", "POST", "/v1/nodes", "{\"driver\":\"fake-hardware\",\"parent_node\":\"nope\"}");
        assertThat(unknownParent.status()).isEqualTo(400);
        assertThat(api.faultOf(unknownParent)).isEqualTo("Unable to apply the requested parent_node 'nope'. Requested"
                + " value was invalid.");

        assertThat(uuids(at("1.83", "GET", "/v1/nodes", null).body())).containsExactly(parent);
        assertThat(uuids(at("1.83", "GET", "/v1/nodes?include_children=true", null).body()))
                .containsExactlyInAnyOrder(parent, childUuid);
        assertThat(uuids(at("1.83", "GET", "/v1/nodes?parent_node=" + parent, null).body())).containsExactly(childUuid);
        assertThat(at("1.82", "GET", "/v1/nodes?include_children=true", null).status()).isEqualTo(406);

        var children = at("1.83", "GET", "/v1/nodes/" + parent + "/children", null);
        assertThat(children.status()).isEqualTo(200);
        assertThat(children.body().path("children")).hasSize(1);
        assertThat(children.body().path("children").get(0).asText()).isEqualTo(childUuid);
        assertThat(children.body().path("links").path("href").asText()).endsWith("/v1/nodes/?parent_node=" + parent);
        assertThat(at("1.82", "GET", "/v1/nodes/" + parent + "/children", null).status()).isEqualTo(404);
        assertThat(at("1.82", "GET", "/v1/nodes/" + childUuid, null).body().has("parent_node")).isFalse();

        var detached = at("1.83", "PATCH", "/v1/nodes/" + childUuid, "[{\"op\":\"remove\",\"path\":\"/parent_node\"}]");
        assertThat(detached.status()).isEqualTo(200);
        assertThat(detached.body().path("parent_node").isNull()).isTrue();
        assertThat(at("1.83", "GET", "/v1/nodes/" + parent + "/children", null).body().path("children")).isEmpty();
    }

    @Test
    void theFirmwareInterfaceAndComponentsAppearAt186() {
        String node = api.createNode("fw-1");
        api.store.firmware().record(UUID.fromString(node), "bmc", "1.0", false);
        api.store.firmware().record(UUID.fromString(node), "bmc", "1.1", true);

        assertThat(at("1.85", "GET", "/v1/nodes/" + node + "/firmware", null).status()).isEqualTo(404);
        var listed = at("1.86", "GET", "/v1/nodes/" + node + "/firmware", null);
        assertThat(listed.status()).isEqualTo(200);
        JsonNode bmc = listed.body().path("firmware").get(0);
        assertThat(bmc.path("component").asText()).isEqualTo("bmc");
        assertThat(bmc.path("initial_version").asText()).isEqualTo("1.0");
        assertThat(bmc.path("current_version").asText()).isEqualTo("1.1");
        assertThat(bmc.path("last_version_flashed").asText()).isEqualTo("1.1");
        assertThat(bmc.has("created_at")).isTrue();
        var chosen = at("1.86", "GET", "/v1/nodes/" + node + "/firmware?fields=component", null);
        assertThat(chosen.body().path("firmware").get(0).has("current_version")).isFalse();
        assertThat(at("1.86", "GET", "/v1/nodes/" + node + "/firmware?fields=bogus", null).status()).isEqualTo(400);

        assertThat(at("1.85", "GET", "/v1/nodes/" + node, null).body().has("firmware_interface")).isFalse();
        assertThat(at("1.86", "GET", "/v1/nodes/" + node, null).body().has("firmware_interface")).isTrue();
        assertThat(at("1.85", "GET", "/v1/nodes?fields=firmware_interface", null).status()).isEqualTo(406);
    }

    @Test
    void serviceAndUnholdAreGatedAndServiceStepsChecked() {
        String node = api.createNode("svc-1");
        String path = "/v1/nodes/" + node + "/states/provision";
        for (String target : List.of("manage", "provide", "active")) {
            assertThat(at("1.87", "PUT", path, "{\"target\":\"" + target + "\"}").status()).isEqualTo(202);
        }
        String steps = ",\"service_steps\":[{\"interface\":\"raid\",\"step\":\"delete_configuration\"}]";
        assertThat(at("1.86", "PUT", path, "{\"target\":\"service\"" + steps + "}").status()).isEqualTo(406);
        assertThat(at("1.84", "PUT", path, "{\"target\":\"unhold\"}").status()).isEqualTo(406);

        var missing = at("1.87", "PUT", path, "{\"target\":\"service\"}");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(api.faultOf(missing)).isEqualTo("\"service_steps\" is required when setting target provision"
                + " state to service");
        var elsewhere = at("1.87", "PUT", path, "{\"target\":\"rebuild\"" + steps + "}");
        assertThat(elsewhere.status()).isEqualTo(400);
        assertThat(api.faultOf(elsewhere)).contains("only valid when setting target provision state to service");
        var badInterface = at("1.87", "PUT", path, "{\"target\":\"service\",\"service_steps\":[{\"interface\":"
                + "\"storage\",\"step\":\"x\"}]}");
        assertThat(badInterface.status()).isEqualTo(400);
        assertThat(api.faultOf(badInterface)).startsWith("Invalid service_steps: 'storage' is not one of");
        var extraKey = at("1.87", "PUT", path, "{\"target\":\"service\",\"service_steps\":[{\"interface\":"
                + "\"raid\",\"step\":\"x\",\"priority\":1}]}");
        assertThat(api.faultOf(extraKey)).contains("Additional properties are not allowed ('priority' was unexpected)");
        // Unhold is a verb for hold states only.
        assertThat(at("1.87", "PUT", path, "{\"target\":\"unhold\"}").status()).isEqualTo(400);

        assertThat(at("1.87", "PUT", path, "{\"target\":\"service\"" + steps + "}").status()).isEqualTo(202);
        JsonNode shown = at("1.87", "GET", "/v1/nodes/" + node, null).body();
        assertThat(shown.path("provision_state").asText()).isEqualTo("active");
        assertThat(shown.has("service_step")).isTrue();
        assertThat(at("1.86", "GET", "/v1/nodes/" + node, null).body().has("service_step")).isFalse();
        assertThat(api.store.history().list(UUID.fromString(node)).stream().map(e -> e.toState().wireName()))
                .containsSubsequence("servicing", "active");
    }

    @Test
    void driverDetailsShowTheFirmwareInterfaceFrom186() {
        JsonNode at185 = at("1.85", "GET", "/v1/drivers/fake-hardware", null).body();
        JsonNode at186 = at("1.86", "GET", "/v1/drivers/fake-hardware", null).body();
        assertThat(at185.has("default_firmware_interface")).isFalse();
        assertThat(at186.has("default_firmware_interface")).isTrue();
        assertThat(at186.has("enabled_firmware_interface")).isTrue();
    }
}
