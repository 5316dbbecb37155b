package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ironic's volume API (1.32): the root documents, connectors and targets, over HTTP. */
class VolumeConformanceTest {
    @TempDir
    Path temp;
    ApiFixture api;
    String node;

    @BeforeEach
    void start() {
        api = ApiFixture.withToken(temp);
        node = api.createNode("storage-node");
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private ApiFixture.Reply at(String version, String method, String path, String body) {
        return api.send(method, path, Optional.ofNullable(body), version);
    }

    private ApiFixture.Reply connector(String type, String id) {
        return api.post("/v1/volume/connectors", "{\"node_uuid\":\"" + node + "\",\"type\":\"" + type
                + "\",\"connector_id\":\"" + id + "\"}");
    }

    private ApiFixture.Reply target(int bootIndex, String volumeId) {
        return api.post("/v1/volume/targets", "{\"node_uuid\":\"" + node + "\",\"volume_type\":\"iscsi\","
                + "\"boot_index\":" + bootIndex + ",\"volume_id\":\"" + volumeId + "\",\"properties\":{\"lun\":0}}");
    }

    private void power(String target) {
        assertThat(api.put("/v1/nodes/" + node + "/states/power", "{\"target\":\"" + target + "\"}").status())
                .isEqualTo(202);
    }

    @Test
    void rootDocumentsLinkToConnectorsAndTargets() {
        JsonNode root = api.get("/v1/volume").body();
        assertThat(VersionsTest.keys(root)).containsExactly("links", "connectors", "targets");
        assertThat(root.get("connectors").get(0).get("href").asText()).isEqualTo(api.base + "/v1/volume/connectors");
        assertThat(root.get("links").get(1).get("href").asText()).isEqualTo(api.base + "/volume/");
        JsonNode ofNode = api.get("/v1/nodes/" + node + "/volume").body();
        assertThat(ofNode.get("targets").get(0).get("href").asText())
                .isEqualTo(api.base + "/v1/nodes/" + node + "/volume/targets");
        assertThat(api.get(root.get("targets").get(0).get("href").asText().substring(api.base.length())).status())
                .isEqualTo(200);
        assertThat(api.get("/v1/nodes/" + UUID.randomUUID() + "/volume").status()).isEqualTo(404);
        String v1Href = api.get("/v1").body().get("volume").get(0).get("href").asText();
        assertThat(v1Href).isEqualTo(api.base + "/v1/volume/");
        assertThat(at("1.31", "GET", "/v1", null).body().has("volume")).isFalse();
        assertThat(at("1.32", "GET", "/v1", null).body().has("volume")).isTrue();
    }

    @Test
    void belowVersion132EveryVolumePathIs404() {
        for (String path : List.of("/v1/volume", "/v1/volume/connectors", "/v1/volume/targets",
                "/v1/nodes/" + node + "/volume", "/v1/nodes/" + node + "/volume/connectors")) {
            assertThat(at("1.31", "GET", path, null).status()).as(path).isEqualTo(404);
        }
        assertThat(at("1.31", "POST", "/v1/volume/connectors", "{\"node_uuid\":\"" + node
                + "\",\"type\":\"iqn\",\"connector_id\":\"x\"}").status()).isEqualTo(404);
        assertThat(at("1.32", "GET", "/v1/volume", null).status()).isEqualTo(200);
        assertThat(at("1.31", "GET", "/v1/nodes/" + node, null).body().has("volume")).isFalse();
        assertThat(at("1.32", "GET", "/v1/nodes/" + node, null).body().has("volume")).isTrue();
    }

    @Test
    void aConnectorIsCreatedShownAndListed() {
        var created = connector("iqn", "iqn.2017-05.org.openstack:node");
        assertThat(created.status()).as(created.raw()).isEqualTo(201);
        JsonNode doc = created.body();
        String uuid = doc.get("uuid").asText();
        assertThat(VersionsTest.keys(doc)).containsExactly("uuid", "created_at", "updated_at", "connector_id", "extra",
                "type", "links", "node_uuid");
        assertThat(doc.get("node_uuid").asText()).isEqualTo(node);
        assertThat(doc.get("links").get(0).get("href").asText()).isEqualTo(api.base + "/v1/volume/connectors/" + uuid);
        assertThat(created.header("Location")).hasValue(api.base + "/v1/volume/connectors/" + uuid);

        JsonNode plain = api.get("/v1/volume/connectors").body().get("connectors").get(0);
        assertThat(VersionsTest.keys(plain)).containsExactly("uuid", "connector_id", "type", "links", "node_uuid");
        assertThat(api.get("/v1/volume/connectors?detail=true").body().get("connectors").get(0).has("extra")).isTrue();
        assertThat(api.get("/v1/volume/connectors?node=storage-node").body().get("connectors")).hasSize(1);
        assertThat(api.get("/v1/nodes/storage-node/volume/connectors").body().get("connectors")).hasSize(1);
        String other = api.createNode("other");
        assertThat(api.get("/v1/nodes/" + other + "/volume/connectors").body().get("connectors")).isEmpty();
        assertThat(api.get("/v1/volume/connectors?fields=type&detail=true").status()).isEqualTo(400);
        JsonNode fields = api.get("/v1/volume/connectors/" + uuid + "?fields=type").body();
        assertThat(VersionsTest.keys(fields)).containsExactly("type", "links");
        assertThat(api.get("/v1/volume/connectors/" + UUID.randomUUID()).status()).isEqualTo(404);
        assertThat(api.get("/v1/volume/connectors/not-a-uuid").status()).isEqualTo(400);
    }

    @Test
    void connectorTypesAreIronicsAndTypeWithIdIsUnique() {
        for (String type : List.of("iqn", "ip", "mac", "wwnn", "wwpn", "port", "portgroup")) {
            assertThat(connector(type, "id-1").status()).as(type).isEqualTo(201);
        }
        assertThat(connector("nvme", "id-1").status()).isEqualTo(400);
        var duplicate = connector("iqn", "id-1");
        assertThat(duplicate.status()).isEqualTo(409);
        assertThat(api.faultOf(duplicate)).contains("type iqn and connector ID id-1 already exists");
        var noNode = api.post("/v1/volume/connectors", "{\"node_uuid\":\"" + UUID.randomUUID()
                + "\",\"type\":\"iqn\",\"connector_id\":\"x\"}");
        assertThat(noNode.status()).isEqualTo(400);
        assertThat(api.post("/v1/volume/connectors", "{\"node_uuid\":\"" + node + "\",\"type\":\"iqn\"}").status())
                .isEqualTo(400);
        assertThat(api.post("/v1/volume/connectors", "{\"node_uuid\":\"" + node + "\",\"type\":\"iqn\","
                + "\"connector_id\":\"y\",\"colour\":1}").status()).isEqualTo(400);
        assertThat(api.post("/v1/nodes/" + node + "/volume/connectors", "{\"node_uuid\":\"" + node
                + "\",\"type\":\"iqn\",\"connector_id\":\"z\"}").status()).isEqualTo(400);
    }

    @Test
    void connectorChangesNeedThePowerOff() {
        String uuid = connector("iqn", "iqn.a").body().get("uuid").asText();
        String change = "[{\"op\":\"replace\",\"path\":\"/connector_id\",\"value\":\"iqn.b\"}]";
        var refused = api.patch("/v1/volume/connectors/" + uuid, change);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(api.faultOf(refused)).contains("volume connector update").contains(node);
        power("power off");
        var changed = api.patch("/v1/volume/connectors/" + uuid, change);
        assertThat(changed.status()).as(changed.raw()).isEqualTo(200);
        assertThat(changed.body().get("connector_id").asText()).isEqualTo("iqn.b");
        assertThat(changed.body().get("updated_at").isNull()).isFalse();
        assertThat(api.patch("/v1/volume/connectors/" + uuid, "[{\"op\":\"replace\",\"path\":\"/uuid\",\"value\":\""
                + UUID.randomUUID() + "\"}]").status()).isEqualTo(400);
        assertThat(api.patch("/v1/volume/connectors/" + uuid, "[{\"op\":\"replace\",\"path\":\"/node_uuid\","
                + "\"value\":\"" + UUID.randomUUID() + "\"}]").status()).isEqualTo(400);
    }

    @Test
    void deletionNeedsPowerOffOutsideTheStatesANodeMayBeDeletedIn() {
        String uuid = connector("iqn", "iqn.a").body().get("uuid").asText();
        String targetUuid = target(0, "vol-1").body().get("uuid").asText();
        assertThat(api.put("/v1/nodes/" + node + "/states/provision", "{\"target\":\"manage\"}").status())
                .isEqualTo(202);
        assertThat(api.put("/v1/nodes/" + node + "/states/provision", "{\"target\":\"provide\"}").status())
                .isEqualTo(202);
        power("power on");
        var refused = api.delete("/v1/volume/connectors/" + uuid);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(api.faultOf(refused)).contains("volume connector deletion").contains("power on");
        assertThat(api.delete("/v1/volume/targets/" + targetUuid).status()).isEqualTo(400);
        power("power off");
        assertThat(api.delete("/v1/volume/connectors/" + uuid).status()).isEqualTo(204);
        assertThat(api.delete("/v1/volume/targets/" + targetUuid).status()).isEqualTo(204);
        assertThat(api.get("/v1/volume/connectors/" + uuid).status()).isEqualTo(404);
    }

    @Test
    void aTargetIsCreatedWithABootIndexUniquePerNode() {
        var created = target(0, "vol-1");
        assertThat(created.status()).as(created.raw()).isEqualTo(201);
        JsonNode doc = created.body();
        assertThat(VersionsTest.keys(doc)).containsExactly("uuid", "created_at", "updated_at", "boot_index", "extra",
                "properties", "volume_id", "volume_type", "links", "node_uuid");
        assertThat(doc.get("properties").get("lun").asInt()).isEqualTo(0);
        var duplicate = target(0, "vol-2");
        assertThat(duplicate.status()).isEqualTo(409);
        assertThat(api.faultOf(duplicate)).contains("boot index '0' for the same node already exists");
        assertThat(target(1, "vol-2").status()).isEqualTo(201);
        String other = api.createNode("other");
        assertThat(api.post("/v1/volume/targets", "{\"node_uuid\":\"" + other + "\",\"volume_type\":\"iscsi\","
                + "\"boot_index\":0,\"volume_id\":\"vol-3\"}").status()).isEqualTo(201);
        JsonNode plain = api.get("/v1/volume/targets?sort_key=boot_index&sort_dir=desc&node=" + node).body()
                .get("targets");
        assertThat(plain).hasSize(2);
        assertThat(plain.get(0).get("boot_index").asInt()).isEqualTo(1);
        assertThat(VersionsTest.keys(plain.get(0))).containsExactly("uuid", "boot_index", "volume_id", "volume_type",
                "links", "node_uuid");
        assertThat(api.get("/v1/nodes/" + other + "/volume/targets").body().get("targets")).hasSize(1);
        assertThat(api.post("/v1/volume/targets", "{\"node_uuid\":\"" + node + "\",\"volume_type\":\"iscsi\","
                + "\"boot_index\":\"x\",\"volume_id\":\"v\"}").status()).isEqualTo(400);
        assertThat(api.post("/v1/volume/targets", "{\"node_uuid\":\"" + node + "\",\"volume_type\":\"iscsi\","
                + "\"volume_id\":\"v\"}").status()).isEqualTo(400);
    }

    @Test
    void targetChangesNeedThePowerOffAndKeepBootIndexesUnique() {
        target(0, "vol-1");
        String uuid = target(1, "vol-2").body().get("uuid").asText();
        String change = "[{\"op\":\"replace\",\"path\":\"/boot_index\",\"value\":0}]";
        assertThat(api.patch("/v1/volume/targets/" + uuid, change).status()).isEqualTo(400);
        power("power off");
        assertThat(api.patch("/v1/volume/targets/" + uuid, change).status()).isEqualTo(409);
        var changed = api.patch("/v1/volume/targets/" + uuid, "[{\"op\":\"replace\",\"path\":\"/boot_index\","
                + "\"value\":5},{\"op\":\"add\",\"path\":\"/properties/target_iqn\",\"value\":\"iqn.t\"}]");
        assertThat(changed.status()).as(changed.raw()).isEqualTo(200);
        assertThat(changed.body().get("boot_index").asInt()).isEqualTo(5);
        assertThat(changed.body().get("properties").get("target_iqn").asText()).isEqualTo("iqn.t");
    }

    @Test
    void pagingFollowsNextLinks() {
        for (int i = 0; i < 3; i++) {
            target(i, "vol-" + i);
        }
        JsonNode page = api.get("/v1/volume/targets?limit=2").body();
        assertThat(page.get("targets")).hasSize(2);
        String next = page.get("next").asText();
        assertThat(next).startsWith(api.base + "/v1/volume/targets?").contains("limit=2").contains("marker=");
        assertThat(api.get(next.substring(api.base.length())).body().get("targets")).hasSize(1);
    }

    @Test
    void deletingTheNodeDeletesItsVolumeRecords() {
        connector("iqn", "iqn.a");
        target(0, "vol-1");
        assertThat(api.delete("/v1/nodes/" + node).status()).isEqualTo(204);
        assertThat(api.get("/v1/volume/connectors").body().get("connectors")).isEmpty();
        assertThat(api.get("/v1/volume/targets").body().get("targets")).isEmpty();
    }
}
