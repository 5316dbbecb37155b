package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.store.IntrospectionDataKind;
import dev.ferrum.conductor.json.JsonDict;
import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code GET /v1/nodes/<id>/inventory} (1.81): the stored inspection data as inventory and plugin_data. */
class InventoryConformanceTest {
    @TempDir
    Path temp;
    ApiFixture api;
    String node;

    @BeforeEach
    void start() {
        api = ApiFixture.withToken(temp);
        node = api.createNode("inspected");
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private ApiFixture.Reply get(String path, String version) {
        return api.send("GET", path, Optional.empty(), version);
    }

    @Test
    void theInventoryAndPluginDataOfTheLastInspection() throws Exception {
        var none = get("/v1/nodes/" + node + "/inventory", "1.81");
        assertThat(none.status()).isEqualTo(404);
        assertThat(api.faultOf(none)).isEqualTo("Node inventory record for node " + node + " could not be found.");

        ObjectNode data = (ObjectNode) api.json.readTree("{\"inventory\":{\"cpu\":{\"count\":4},"
                + "\"interfaces\":[{\"name\":\"eth0\",\"mac_address\":\"52:54:00:12:34:56\"}]},"
                + "\"boot_interface\":\"52:54:00:12:34:56\",\"root_disk\":{\"name\":\"/dev/sda\"},\"local_gb\":99}");
        api.store.introspection().save(UUID.fromString(node), IntrospectionDataKind.PROCESSED, JsonDict.of(data));

        var reply = get("/v1/nodes/inspected/inventory", "1.81");
        assertThat(reply.status()).isEqualTo(200);
        JsonNode body = reply.body();
        assertThat(VersionsTest.keys(body)).containsExactly("inventory", "plugin_data");
        assertThat(body.get("inventory").get("cpu").get("count").asInt()).isEqualTo(4);
        assertThat(body.get("plugin_data").has("inventory")).isFalse();
        assertThat(body.get("plugin_data").get("root_disk").get("name").asText()).isEqualTo("/dev/sda");
        assertThat(body.get("plugin_data").get("local_gb").asInt()).isEqualTo(99);
    }

    @Test
    void gatedAt181() {
        assertThat(get("/v1/nodes/" + node + "/inventory", "1.80").status()).isEqualTo(404);
        assertThat(get("/v1/nodes/missing/inventory", "1.81").status()).isEqualTo(404);
        assertThat(api.send("POST", "/v1/nodes/" + node + "/inventory", Optional.of("{}"), "1.81").status())
                .isEqualTo(405);
    }
}
