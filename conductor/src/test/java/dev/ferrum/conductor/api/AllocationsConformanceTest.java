package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Allocations as Ironic serves them: answered in {@code allocating} and processed after, PATCH (1.57),
 * backfill for a deployed node (1.58), owner (1.60), and a node's own {@code /allocation}.
 */
class AllocationsConformanceTest {
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

    private ApiFixture.Reply send(String method, String path, String body, String version) {
        return api.send(method, path, Optional.ofNullable(body), version);
    }

    private String availableNode(String name, String resourceClass) {
        String uuid = api.post("/v1/nodes", "{\"driver\":\"fake-hardware\",\"name\":\"" + name
                + "\",\"resource_class\":\"" + resourceClass + "\"}").body().get("uuid").asText();
        api.put("/v1/nodes/" + uuid + "/states/provision", "{\"target\":\"manage\"}");
        api.put("/v1/nodes/" + uuid + "/states/provision", "{\"target\":\"provide\"}");
        return uuid;
    }

    private String deployedNode(String name, String resourceClass) {
        String uuid = availableNode(name, resourceClass);
        assertThat(api.put("/v1/nodes/" + uuid + "/states/provision", "{\"target\":\"active\"}").status())
                .isEqualTo(202);
        assertThat(api.get("/v1/nodes/" + uuid).body().get("provision_state").asText()).isEqualTo("active");
        return uuid;
    }

    @Test
    void anAllocationIsAnsweredInAllocatingAndGrantedAfter() {
        String node = availableNode("n1", "gold");
        var created = send("POST", "/v1/allocations", "{\"resource_class\":\"gold\",\"name\":\"a-1\"}", "1.52");
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.body().get("state").asText()).isEqualTo("allocating");
        assertThat(created.body().get("node_uuid").isNull()).isTrue();
        assertThat(created.body().has("owner")).isFalse();
        JsonNode done = api.settledAllocation(created).body();
        assertThat(done.get("state").asText()).isEqualTo("active");
        assertThat(done.get("node_uuid").asText()).isEqualTo(node);

        var none = api.post("/v1/allocations", "{\"resource_class\":\"gold\"}");
        assertThat(none.body().get("state").asText()).isEqualTo("allocating");
        JsonNode failed = api.settledAllocation(none).body();
        assertThat(failed.get("state").asText()).isEqualTo("error");
        assertThat(failed.get("last_error").asText()).isNotEmpty();
    }

    @Test
    void candidateNodesAreCheckedAndShownAsUuids() {
        String node = availableNode("cand", "gold");
        var reply = api.post("/v1/allocations", "{\"resource_class\":\"gold\",\"candidate_nodes\":[\"cand\"]}");
        assertThat(reply.status()).isEqualTo(201);
        assertThat(reply.body().get("candidate_nodes").toString()).isEqualTo("[\"" + node + "\"]");
        assertThat(api.settledAllocation(reply).body().get("node_uuid").asText()).isEqualTo(node);
        var unknown = api.post("/v1/allocations", "{\"resource_class\":\"gold\",\"candidate_nodes\":[\"ghost\"]}");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(api.faultOf(unknown)).contains("ghost");
    }

    @Test
    void patchChangesNameAndExtraFrom157() {
        String uuid = api.settledAllocation(api.post("/v1/allocations", "{\"resource_class\":\"x\",\"name\":\"old\"}"))
                .body().get("uuid").asText();
        api.post("/v1/allocations", "{\"resource_class\":\"x\",\"name\":\"taken\"}");
        var old = send("PATCH", "/v1/allocations/" + uuid, "[{\"op\":\"replace\",\"path\":\"/name\",\"value\":\"new\"}]",
                "1.56");
        assertThat(old.status()).isEqualTo(405);
        var patched = send("PATCH", "/v1/allocations/old", "[{\"op\":\"replace\",\"path\":\"/name\",\"value\":\"new\"},"
                + "{\"op\":\"add\",\"path\":\"/extra/ticket\",\"value\":\"OPS-2\"}]", "1.57");
        assertThat(patched.status()).as(patched.raw()).isEqualTo(200);
        assertThat(patched.body().get("name").asText()).isEqualTo("new");
        assertThat(patched.body().get("extra").get("ticket").asText()).isEqualTo("OPS-2");
        assertThat(patched.body().get("updated_at").isNull()).isFalse();
        assertThat(api.get("/v1/allocations/new").body().get("uuid").asText()).isEqualTo(uuid);

        var removeName = send("PATCH", "/v1/allocations/" + uuid, "[{\"op\":\"remove\",\"path\":\"/name\"}]", "1.57");
        assertThat(removeName.status()).isEqualTo(200);
        assertThat(removeName.body().get("name").isNull()).isTrue();
        assertThat(send("PATCH", "/v1/allocations/" + uuid,
                "[{\"op\":\"replace\",\"path\":\"/resource_class\",\"value\":\"y\"}]", "1.57").status()).isEqualTo(400);
        assertThat(send("PATCH", "/v1/allocations/" + uuid,
                "[{\"op\":\"add\",\"path\":\"/name\",\"value\":\"taken\"}]", "1.57").status()).isEqualTo(409);
        assertThat(send("PATCH", "/v1/allocations/" + uuid,
                "[{\"op\":\"add\",\"path\":\"/name\",\"value\":\"bad name\"}]", "1.57").status()).isEqualTo(400);
        assertThat(send("PATCH", "/v1/allocations/nope",
                "[{\"op\":\"add\",\"path\":\"/name\",\"value\":\"z\"}]", "1.57").status()).isEqualTo(404);
    }

    @Test
    void aDeployedNodeIsBackfilledFrom158() {
        String node = deployedNode("deployed", "gold");
        var old = send("POST", "/v1/allocations", "{\"node\":\"deployed\"}", "1.57");
        assertThat(old.status()).isEqualTo(400);
        var backfill = send("POST", "/v1/allocations", "{\"node\":\"deployed\"}", "1.58");
        assertThat(backfill.status()).as(backfill.raw()).isEqualTo(201);
        assertThat(backfill.body().get("state").asText()).isEqualTo("active");
        assertThat(backfill.body().get("node_uuid").asText()).isEqualTo(node);
        assertThat(backfill.body().get("resource_class").asText()).isEqualTo("gold");
        String allocation = backfill.body().get("uuid").asText();
        JsonNode shown = api.get("/v1/nodes/" + node).body();
        assertThat(shown.get("allocation_uuid").asText()).isEqualTo(allocation);
        assertThat(shown.get("instance_uuid").asText()).isEqualTo(allocation);
        assertThat(send("POST", "/v1/allocations", "{\"node\":\"deployed\"}", "1.58").status()).isEqualTo(409);

        var missing = send("POST", "/v1/allocations", "{\"node\":\"no-such-node\"}", "1.58");
        assertThat(missing.status()).isEqualTo(400);
        String idle = availableNode("idle", "gold");
        var notActive = send("POST", "/v1/allocations", "{\"node\":\"" + idle + "\",\"name\":\"bf\"}", "1.58");
        assertThat(notActive.status()).isEqualTo(500);
        assertThat(api.faultOf(notActive)).contains("Cannot backfill an allocation for node " + idle,
                "must be in the \"active\" state");
        JsonNode left = api.get("/v1/allocations/bf").body();
        assertThat(left.get("state").asText()).isEqualTo("error");
        assertThat(api.get("/v1/nodes/" + idle).body().get("instance_uuid").isNull()).isTrue();
    }

    @Test
    void aNodesOwnAllocation() {
        String node = availableNode("owned", "gold");
        assertThat(api.get("/v1/nodes/" + node + "/allocation").status()).isEqualTo(404);
        String allocation = api.settledAllocation(api.post("/v1/allocations", "{\"resource_class\":\"gold\"}"))
                .body().get("uuid").asText();
        var shown = send("GET", "/v1/nodes/owned/allocation", null, "1.52");
        assertThat(shown.status()).isEqualTo(200);
        assertThat(shown.body().get("uuid").asText()).isEqualTo(allocation);
        assertThat(send("GET", "/v1/nodes/owned/allocation", null, "1.51").status()).isEqualTo(404);
        assertThat(send("DELETE", "/v1/nodes/owned/allocation", null, "1.52").status()).isEqualTo(204);
        assertThat(api.get("/v1/allocations/" + allocation).status()).isEqualTo(404);
        assertThat(api.get("/v1/nodes/" + node).body().get("instance_uuid").isNull()).isTrue();
        var gone = api.delete("/v1/nodes/" + node + "/allocation");
        assertThat(gone.status()).isEqualTo(404);
        assertThat(api.faultOf(gone)).isEqualTo("Allocation for node " + node + " was not found");
    }

    @Test
    void ownerIsShownAndFilteredFrom160() {
        api.post("/v1/allocations", "{\"resource_class\":\"x\",\"owner\":\"tenant-a\"}");
        api.post("/v1/allocations", "{\"resource_class\":\"x\",\"owner\":\"tenant-b\"}");
        assertThat(api.get("/v1/allocations?owner=tenant-a").body().get("allocations")).hasSize(1);
        assertThat(send("GET", "/v1/allocations?owner=tenant-a", null, "1.59").status()).isEqualTo(406);
        assertThat(send("GET", "/v1/allocations", null, "1.59").body().get("allocations").get(0).has("owner"))
                .isFalse();
    }
}
