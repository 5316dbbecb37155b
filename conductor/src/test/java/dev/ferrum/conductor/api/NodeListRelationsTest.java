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
 * A listing reads each page's allocations, chassis and hardware state in one go (not per node); what it
 * shows for every node must stay what {@code GET /v1/nodes/<uuid>} shows, key for key and byte for byte.
 */
class NodeListRelationsTest {
    private static final String RAID = "{\"logical_disks\":[{\"size_gb\":100,\"raid_level\":\"1\"}]}";

    @TempDir
    Path temp;
    ApiFixture api;
    final List<String> nodes = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        api = ApiFixture.withToken(temp);
        nodes.add(api.createNode("plain"));
        // Held by an allocation: the only available node of its resource class.
        var held = api.post("/v1/nodes", "{\"driver\":\"fake-hardware\",\"name\":\"held\",\"resource_class\":\"rc-held\","
                + "\"properties\":{\"cpus\":2,\"memory_mb\":2048,\"local_gb\":10}}");
        String heldUuid = held.body().get("uuid").asText();
        api.put("/v1/nodes/" + heldUuid + "/states/provision", "{\"target\":\"manage\"}");
        api.put("/v1/nodes/" + heldUuid + "/states/provision", "{\"target\":\"provide\"}");
        var allocation = api.settledAllocation(api.post("/v1/allocations", "{\"resource_class\":\"rc-held\"}"));
        assertThat(allocation.body().get("node_uuid").asText()).as(allocation.raw()).isEqualTo(heldUuid);
        nodes.add(heldUuid);
        String chassis = api.post("/v1/chassis", "{\"description\":\"rack\"}").body().get("uuid").asText();
        var racked = api.post("/v1/nodes", "{\"driver\":\"fake-hardware\",\"name\":\"racked\",\"chassis_uuid\":\""
                + chassis + "\"}");
        assertThat(racked.status()).as(racked.raw()).isEqualTo(201);
        nodes.add(racked.body().get("uuid").asText());
        String raid = api.createNode("raid");
        assertThat(api.send("PUT", "/v1/nodes/" + raid + "/states/raid", Optional.of(RAID), "1.12").status())
                .isEqualTo(204);
        nodes.add(raid);
    }

    @AfterEach
    void stop() {
        api.close();
    }

    @Test
    void everyListedNodeIsItsShownDocumentOnEveryPage() throws Exception {
        List<JsonNode> listed = new ArrayList<>();
        String path = "/v1/nodes/detail?limit=3";
        while (true) {
            var page = api.get(path);
            assertThat(page.status()).as(page.raw()).isEqualTo(200);
            page.body().get("nodes").forEach(listed::add);
            if (!page.body().has("next")) {
                break;
            }
            path = page.body().get("next").asText().substring(api.base.length());
        }
        assertThat(listed).extracting(n -> n.get("uuid").asText()).containsExactlyElementsOf(nodes);
        for (JsonNode node : listed) {
            JsonNode shown = api.get("/v1/nodes/" + node.get("uuid").asText()).body();
            assertThat(api.json.writeValueAsString(node)).isEqualTo(api.json.writeValueAsString(shown));
        }
        assertThat(listed.get(1).get("allocation_uuid").isTextual()).isTrue();
        assertThat(listed.get(2).get("chassis_uuid").isTextual()).isTrue();
        assertThat(listed.get(3).get("target_raid_config").get("logical_disks")).hasSize(1);
        assertThat(listed.get(0).get("allocation_uuid").isNull()).isTrue();
        assertThat(listed.get(0).get("chassis_uuid").isNull()).isTrue();
    }

    @Test
    void selectedFieldsComeFromTheSamePageRead() {
        var page = api.get("/v1/nodes?fields=uuid,allocation_uuid,chassis_uuid,target_raid_config");
        assertThat(page.status()).as(page.raw()).isEqualTo(200);
        JsonNode listed = page.body().get("nodes");
        assertThat(listed).hasSize(4);
        for (int i = 0; i < 4; i++) {
            JsonNode shown = api.get("/v1/nodes/" + nodes.get(i)).body();
            for (String field : List.of("allocation_uuid", "chassis_uuid", "target_raid_config")) {
                assertThat(listed.get(i).get(field)).as(field + " of node " + i).isEqualTo(shown.get(field));
            }
        }
    }

    @Test
    void pageReadsSpanMoreNodesThanOneStatementTakes() {
        UUID raid = UUID.fromString(nodes.get(3));
        UUID held = UUID.fromString(nodes.get(1));
        List<UUID> many = new ArrayList<>();
        for (int i = 0; i < 1_200; i++) {
            many.add(UUID.randomUUID());
        }
        many.add(700, raid);
        many.add(held);
        assertThat(api.store.hardware().getAll(many)).containsOnlyKeys(raid);
        assertThat(api.store.allocations().allocationsOfNodes(many)).containsOnlyKeys(held);
        assertThat(api.store.chassis().chassisOfNodes(many)).isEmpty();
        assertThat(api.store.chassis().chassisOfNodes(List.of(UUID.fromString(nodes.get(2))))).hasSize(1);
    }
}
