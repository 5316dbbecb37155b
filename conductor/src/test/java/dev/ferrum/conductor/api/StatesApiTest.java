package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.node.Node;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StatesApiTest {
    @TempDir
    Path temp;
    ApiFixture api;
    String node;

    @BeforeEach
    void start() {
        api = ApiFixture.withToken(temp);
        node = api.createNode("rest-node-1");
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private ApiFixture.Reply provision(String body) {
        return api.put("/v1/nodes/" + node + "/states/provision", body);
    }

    private String state() {
        return api.get("/v1/nodes/" + node).body().get("provision_state").asText();
    }

    @Test
    void theLifecycleOfRestLifecycleTxt() throws IOException {
        var manage = provision("{\"target\":\"manage\"}");
        assertThat(manage.status()).isEqualTo(202);
        assertThat(manage.raw()).isEmpty();
        assertThat(manage.header("Location")).hasValue(api.base + "/v1/nodes/" + node + "/states");
        assertThat(state()).isEqualTo("manageable");
        assertThat(provision("{\"target\":\"provide\"}").status()).isEqualTo(202);
        assertThat(state()).isEqualTo("available");
        assertThat(api.put("/v1/nodes/" + node + "/states/power", "{\"target\":\"power on\"}").status()).isEqualTo(202);
        assertThat(provision("{\"target\":\"active\"}").status()).isEqualTo(202);

        var states = api.get("/v1/nodes/" + node + "/states");
        String text = WireSamples.text("rest-lifecycle.txt");
        String line = text.lines().filter(l -> l.startsWith("{\"console_enabled\"")).findFirst().orElseThrow();
        JsonNode captured = api.json.readTree(line);
        assertThat(VersionsTest.keys(states.body())).containsExactlyElementsOf(VersionsTest.keys(captured));
        for (String field : List.of("console_enabled", "last_error", "power_state", "provision_state",
                "target_power_state", "target_provision_state", "raid_config", "target_raid_config", "boot_mode",
                "secure_boot")) {
            assertThat(states.body().get(field)).as(field).isEqualTo(captured.get(field));
        }

        assertThat(provision("{\"target\":\"deleted\"}").status()).isEqualTo(202);
        assertThat(state()).isEqualTo("available");
        var maintenance = api.put("/v1/nodes/" + node + "/maintenance", "{\"reason\":\"demo\"}");
        assertThat(maintenance.status()).isEqualTo(202);
        JsonNode shown = api.get("/v1/nodes/" + node).body();
        assertThat(shown.get("maintenance").asBoolean()).isTrue();
        assertThat(shown.get("maintenance_reason").asText()).isEqualTo("demo");
        assertThat(api.delete("/v1/nodes/" + node).status()).isEqualTo(204);
    }

    @Test
    void aVerbTheStateDoesNotAllowIs400InIronicsWordsAndChangesNothing() {
        Node before = api.store.nodes().get(UUID.fromString(node));
        var reply = provision("{\"target\":\"active\"}");
        assertThat(reply.status()).isEqualTo(400);
        assertThat(api.faultOf(reply)).isEqualTo("The requested action \"active\" can not be performed on node \""
                + node + "\" while it is in state \"enroll\".");
        assertThat(api.store.nodes().get(UUID.fromString(node))).isEqualTo(before);
    }

    @Test
    void badProvisionRequestsAre400() {
        provision("{\"target\":\"manage\"}");
        for (String body : List.of("{}", "{\"target\":\"fly\"}", "{\"target\":\"hold\"}", "{\"target\":\"clean\"}",
                "{\"target\":\"clean\",\"clean_steps\":[{\"step\":\"erase_devices\"}]}",
                "{\"target\":\"provide\",\"configdrive\":\"abc\"}",
                "{\"target\":\"provide\",\"clean_steps\":[{\"interface\":\"deploy\",\"step\":\"x\"}]}")) {
            var reply = provision(body);
            assertThat(reply.status()).as(body).isEqualTo(400);
            api.faultOf(reply);
        }
        assertThat(state()).isEqualTo("manageable");
        var old = api.send("PUT", "/v1/nodes/" + node + "/states/provision", Optional.of("{\"target\":\"provide\"}"), "1.1");
        assertThat(old.status()).isEqualTo(400);
        assertThat(api.faultOf(old)).contains("1.1");
    }

    @Test
    void manualCleanAndDeployWithAConfigDriveDict() {
        provision("{\"target\":\"manage\"}");
        var clean = provision("{\"target\":\"clean\",\"clean_steps\":[{\"interface\":\"deploy\",\"step\":\"erase_devices\"}]}");
        assertThat(clean.status()).isEqualTo(202);
        assertThat(state()).isEqualTo("manageable");
        assertThat(provision("{\"target\":\"inspect\"}").status()).isEqualTo(202);
        assertThat(state()).isEqualTo("manageable");
        provision("{\"target\":\"provide\"}");
        var deploy = provision("{\"target\":\"active\",\"configdrive\":{\"meta_data\":{\"hostname\":\"h\"}}}");
        assertThat(deploy.status()).isEqualTo(202);
        assertThat(state()).isEqualTo("active");
        assertThat(api.get("/v1/nodes/" + node).body().get("power_state").asText()).isEqualTo("power on");
        var active = api.delete("/v1/nodes/" + node);
        assertThat(active.status()).isEqualTo(409);
        assertThat(api.faultOf(active)).contains("active");
        assertThat(provision("{\"target\":\"undeploy\"}").status()).isEqualTo(202);
        assertThat(state()).isEqualTo("available");
    }

    @Test
    void powerTargetsAndTimeouts() {
        assertThat(api.put("/v1/nodes/" + node + "/states/power", "{\"target\":\"power off\"}").status()).isEqualTo(202);
        assertThat(api.get("/v1/nodes/" + node).body().get("power_state").asText()).isEqualTo("power off");
        assertThat(api.put("/v1/nodes/" + node + "/states/power", "{\"target\":\"soft rebooting\",\"timeout\":30}")
                .status()).isEqualTo(202);
        assertThat(api.get("/v1/nodes/" + node).body().get("power_state").asText()).isEqualTo("power on");
        for (String body : List.of("{\"target\":\"explode\"}", "{}", "{\"target\":\"power on\",\"timeout\":0}",
                "{\"target\":\"power on\",\"timeout\":\"soon\"}")) {
            assertThat(api.put("/v1/nodes/" + node + "/states/power", body).status()).as(body).isEqualTo(400);
        }
        var old = api.send("PUT", "/v1/nodes/" + node + "/states/power", Optional.of("{\"target\":\"soft power off\"}"), "1.26");
        assertThat(old.status()).isEqualTo(400);
        assertThat(api.put("/v1/nodes/nobody/states/power", "{\"target\":\"power on\"}").status()).isEqualTo(404);
    }

    @Test
    void validateMaintenanceAndBootDevice() {
        JsonNode validate = api.get("/v1/nodes/" + node + "/validate").body();
        assertThat(validate.get("power").get("result").asBoolean()).isTrue();
        // Ironic's validate names a reason only for a failed interface (issue 9 changed this from "reason": null).
        assertThat(validate.get("power").has("reason")).isFalse();
        assertThat(VersionsTest.keys(validate)).startsWith("boot", "console", "deploy");

        assertThat(api.put("/v1/nodes/" + node + "/maintenance", "{\"reason\":\"disk\"}").status()).isEqualTo(202);
        assertThat(api.delete("/v1/nodes/" + node + "/maintenance").status()).isEqualTo(202);
        JsonNode shown = api.get("/v1/nodes/" + node).body();
        assertThat(shown.get("maintenance").asBoolean()).isFalse();
        assertThat(shown.get("maintenance_reason").isNull()).isTrue();
        assertThat(api.send("PUT", "/v1/nodes/" + node + "/maintenance", Optional.empty(), "latest").status())
                .isEqualTo(202);

        JsonNode unknown = api.get("/v1/nodes/" + node + "/management/boot_device").body();
        // Ironic's fake management reads pxe, not persistent, before any is set (issue 9; it was null).
        assertThat(unknown.get("boot_device").asText()).isEqualTo("pxe");
        assertThat(unknown.get("persistent").asBoolean()).isFalse();
        assertThat(api.put("/v1/nodes/" + node + "/management/boot_device",
                "{\"boot_device\":\"pxe\",\"persistent\":true}").status()).isEqualTo(204);
        JsonNode set = api.get("/v1/nodes/" + node + "/management/boot_device").body();
        assertThat(set.get("boot_device").asText()).isEqualTo("pxe");
        assertThat(set.get("persistent").asBoolean()).isTrue();
        assertThat(api.get("/v1/nodes/" + node + "/management/boot_device/supported").body()
                .get("supported_boot_devices").toString()).contains("\"pxe\"", "\"disk\"");
        assertThat(api.put("/v1/nodes/" + node + "/management/boot_device", "{\"boot_device\":\"floppy\"}").status())
                .isEqualTo(400);
    }

    @Test
    void historyRecordsTheTransitions() {
        provision("{\"target\":\"manage\"}");
        var reply = api.get("/v1/nodes/" + node + "/history");
        assertThat(reply.status()).isEqualTo(200);
        JsonNode history = reply.body().get("history");
        assertThat(history).hasSize(2);
        JsonNode first = history.get(0);
        assertThat(VersionsTest.keys(first)).startsWith("uuid", "created_at", "severity", "event_type", "event",
                "conductor", "user");
        assertThat(first.get("severity").asText()).isEqualTo("INFO");
        assertThat(first.get("conductor").asText()).isEqualTo(ApiFixture.CONDUCTOR);
        String id = first.get("uuid").asText();
        assertThat(api.get("/v1/nodes/" + node + "/history/" + id).body().get("uuid").asText()).isEqualTo(id);
        assertThat(api.get("/v1/nodes/" + node + "/history/" + UUID.randomUUID()).status()).isEqualTo(404);
        assertThat(api.send("GET", "/v1/nodes/" + node + "/history", Optional.empty(), "1.77").status()).isEqualTo(404);
    }

    @Test
    void driversAreListed() {
        JsonNode drivers = api.get("/v1/drivers").body().get("drivers");
        assertThat(drivers).hasSize(2);
        assertThat(drivers.get(0).get("name").asText()).isEqualTo("fake-hardware");
        assertThat(drivers.get(0).get("hosts").get(0).asText()).isEqualTo(ApiFixture.CONDUCTOR);
        assertThat(drivers.get(0).get("type").asText()).isEqualTo("dynamic");
        JsonNode one = api.get("/v1/drivers/ipmi").body();
        assertThat(one.get("default_power_interface").asText()).isEqualTo("fake");
        assertThat(one.get("enabled_network_interface").get(0).asText()).isEqualTo("noop");
        assertThat(api.get("/v1/drivers/nope").status()).isEqualTo(404);
    }
}
