package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Target RAID configuration (1.12) and the drivers' logical-disk properties, as Ironic serves them. */
class RaidConformanceTest {
    private static final String CONFIG = "{\"logical_disks\":[{\"size_gb\":100,\"raid_level\":\"1\","
            + "\"is_root_volume\":true},{\"size_gb\":\"MAX\",\"raid_level\":\"5\",\"controller\":\"RAID.1\","
            + "\"physical_disks\":[\"d1\",\"d2\",\"d3\"]}]}";

    @TempDir
    Path temp;
    ApiFixture api;
    String node;

    @BeforeEach
    void start() {
        api = ApiFixture.withToken(temp);
        node = api.createNode("raid-node");
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private ApiFixture.Reply put(String body, String version) {
        return api.send("PUT", "/v1/nodes/" + node + "/states/raid", Optional.of(body), version);
    }

    @Test
    void aValidTargetIsStoredAndShown() {
        var reply = put(CONFIG, "1.12");
        assertThat(reply.status()).as(reply.raw()).isEqualTo(204);
        assertThat(reply.raw()).isEmpty();
        JsonNode shown = api.send("GET", "/v1/nodes/" + node, Optional.empty(), "1.12").body();
        assertThat(shown.get("target_raid_config")).isEqualTo(api.json.valueToTree(readTree(CONFIG)));
        assertThat(shown.get("raid_config").isEmpty()).isTrue();
        JsonNode states = api.send("GET", "/v1/nodes/" + node + "/states", Optional.empty(), "1.12").body();
        assertThat(states.get("target_raid_config").get("logical_disks")).hasSize(2);
        assertThat(api.send("GET", "/v1/nodes/" + node, Optional.empty(), "1.11").body().has("target_raid_config"))
                .isFalse();
        // An empty configuration clears the target without asking the driver.
        assertThat(put("{}", "1.12").status()).isEqualTo(204);
        assertThat(api.get("/v1/nodes/" + node).body().get("target_raid_config").isEmpty()).isTrue();
    }

    private JsonNode readTree(String text) {
        try {
            return api.json.readTree(text);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void invalidTargetsAreRefusedWithTheSchemasReason() {
        var noDisks = put("{\"foo\":1}", "1.12");
        assertThat(noDisks.status()).isEqualTo(400);
        assertThat(api.faultOf(noDisks)).startsWith("RAID config validation error: ");
        var level = put("{\"logical_disks\":[{\"size_gb\":10,\"raid_level\":\"7\"}]}", "1.12");
        assertThat(level.status()).isEqualTo(400);
        assertThat(api.faultOf(level)).contains("'7' is not one of");
        var size = put("{\"logical_disks\":[{\"raid_level\":\"0\"}]}", "1.12");
        assertThat(api.faultOf(size)).isEqualTo("RAID config validation error: 'size_gb' is a required property");
        var twoRoots = put("{\"logical_disks\":[{\"size_gb\":10,\"raid_level\":\"0\",\"is_root_volume\":true},"
                + "{\"size_gb\":10,\"raid_level\":\"0\",\"is_root_volume\":true}]}", "1.12");
        assertThat(twoRoots.status()).isEqualTo(400);
        assertThat(api.faultOf(twoRoots)).isEqualTo("Raid config cannot have more than one root volume. 2 root volumes"
                + " were specified");
        var disksWithoutController = put("{\"logical_disks\":[{\"size_gb\":10,\"raid_level\":\"0\","
                + "\"physical_disks\":[\"a\"]}]}", "1.12");
        assertThat(disksWithoutController.status()).isEqualTo(400);
        assertThat(api.get("/v1/nodes/" + node).body().get("target_raid_config").isEmpty()).isTrue();
    }

    @Test
    void versionsBelow112AreNotAcceptable() {
        assertThat(put(CONFIG, "1.11").status()).isEqualTo(406);
        assertThat(api.send("GET", "/v1/drivers/fake-hardware/raid/logical_disk_properties", Optional.empty(),
                "1.11").status()).isEqualTo(406);
        assertThat(api.send("PUT", "/v1/nodes/missing/states/raid", Optional.of(CONFIG), "1.12").status())
                .isEqualTo(404);
    }

    @Test
    void logicalDiskPropertiesDescribeTheSchema() {
        var reply = api.send("GET", "/v1/drivers/fake-hardware/raid/logical_disk_properties", Optional.empty(), "1.12");
        assertThat(reply.status()).isEqualTo(200);
        assertThat(VersionsTest.keys(reply.body())).containsExactlyInAnyOrder("raid_level", "size_gb", "volume_name",
                "is_root_volume", "share_physical_disks", "disk_type", "interface_type", "number_of_physical_disks",
                "controller", "physical_disks");
        assertThat(reply.body().get("raid_level").asText()).contains("Required");
        assertThat(api.get("/v1/drivers/nope/raid/logical_disk_properties").status()).isEqualTo(404);
    }
}
