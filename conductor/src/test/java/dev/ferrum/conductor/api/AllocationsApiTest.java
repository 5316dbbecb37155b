package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AllocationsApiTest {
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

    /** An available node of resource class {@code rc} with the given sizes and traits. */
    private String availableNode(String name, String rc, int cpus, int memoryMb, int localGb) {
        var reply = api.post("/v1/nodes", "{\"driver\":\"fake-hardware\",\"name\":\"" + name + "\",\"resource_class\":\""
                + rc + "\",\"properties\":{\"cpus\":" + cpus + ",\"memory_mb\":\"" + memoryMb + "\",\"local_gb\":"
                + localGb + "}}");
        String uuid = reply.body().get("uuid").asText();
        api.put("/v1/nodes/" + uuid + "/states/provision", "{\"target\":\"manage\"}");
        api.put("/v1/nodes/" + uuid + "/states/provision", "{\"target\":\"provide\"}");
        return uuid;
    }

    /** Posts an allocation and waits for its worker: allocations are processed after the answer, as in Ironic. */
    private ApiFixture.Reply allocate(String body) {
        return api.settledAllocation(api.post("/v1/allocations", body));
    }

    @Test
    void anExactMatchIsGrantedAndTheNodeClaimed() {
        availableNode("big", "baremetal", 8, 8192, 100);
        String small = availableNode("small", "baremetal", 2, 2048, 10);
        var reply = allocate("{\"resource_class\":\"baremetal\",\"name\":\"a1\","
                + "\"properties\":{\"cpus\":2,\"memory_mb\":2048,\"local_gb\":10}}");
        assertThat(reply.status()).as(reply.raw()).isEqualTo(201);
        JsonNode allocation = reply.body();
        assertThat(allocation.get("state").asText()).isEqualTo("active");
        assertThat(allocation.get("node_uuid").asText()).isEqualTo(small);
        assertThat(allocation.get("last_error").isNull()).isTrue();
        assertThat(VersionsTest.keys(allocation)).contains("uuid", "name", "node_uuid", "state", "last_error",
                "resource_class", "candidate_nodes", "traits", "extra", "created_at", "updated_at", "links", "owner");
        String uuid = allocation.get("uuid").asText();
        assertThat(reply.header("Location")).hasValue(api.base + "/v1/allocations/" + uuid);
        JsonNode node = api.get("/v1/nodes/" + small).body();
        assertThat(node.get("instance_uuid").asText()).isEqualTo(uuid);
        assertThat(node.get("allocation_uuid").asText()).isEqualTo(uuid);
        assertThat(api.get("/v1/allocations/a1").body().get("uuid").asText()).isEqualTo(uuid);
        assertThat(api.get("/v1/allocations?state=active").body().get("allocations")).hasSize(1);
        assertThat(api.get("/v1/allocations?node=" + small).body().get("allocations")).hasSize(1);

        assertThat(api.delete("/v1/allocations/" + uuid).status()).isEqualTo(204);
        JsonNode freed = api.get("/v1/nodes/" + small).body();
        assertThat(freed.get("instance_uuid").isNull()).isTrue();
        assertThat(freed.get("allocation_uuid").isNull()).isTrue();
        assertThat(api.get("/v1/allocations/" + uuid).status()).isEqualTo(404);
    }

    @Test
    void anAllocationWithAnOwnerTakesOnlyNodesThatProjectOwnsOrLeases() {
        String theirs = availableNode("theirs", "baremetal", 2, 2048, 10);
        String leased = availableNode("leased", "baremetal", 2, 2048, 10);
        assertThat(api.patch("/v1/nodes/" + theirs, "[{\"op\":\"add\",\"path\":\"/owner\",\"value\":\"tenant-b\"}]")
                .status()).isEqualTo(200);
        assertThat(api.patch("/v1/nodes/" + leased, "[{\"op\":\"add\",\"path\":\"/lessee\",\"value\":\"tenant-a\"}]")
                .status()).isEqualTo(200);

        JsonNode granted = allocate("{\"resource_class\":\"baremetal\",\"owner\":\"tenant-a\"}").body();
        JsonNode refused = allocate("{\"resource_class\":\"baremetal\",\"owner\":\"tenant-a\"}").body();

        assertThat(granted.get("node_uuid").asText()).isEqualTo(leased);
        assertThat(refused.get("state").asText()).isEqualTo("error");
        assertThat(refused.get("last_error").asText()).contains(theirs + ": neither owned nor leased by project tenant-a");
    }

    @Test
    void anAllocationMadeBeforeARestartIsStillThereAfterIt() {
        String small = availableNode("small", "baremetal", 2, 2048, 10);
        // An allocation with an owner takes only nodes that project owns or leases.
        assertThat(api.patch("/v1/nodes/" + small, "[{\"op\":\"add\",\"path\":\"/owner\",\"value\":\"tenant-a\"}]")
                .status()).isEqualTo(200);
        var made = allocate("{\"resource_class\":\"baremetal\",\"name\":\"kept\","
                + "\"traits\":[],\"extra\":{\"ticket\":\"OPS-1\"},\"owner\":\"tenant-a\","
                + "\"properties\":{\"cpus\":2,\"memory_mb\":2048,\"local_gb\":10}}");
        assertThat(made.status()).as(made.raw()).isEqualTo(201);
        var failed = allocate("{\"resource_class\":\"baremetal\",\"name\":\"unlucky\"}");
        assertThat(failed.body().get("state").asText()).isEqualTo("error");
        JsonNode before = api.get("/v1/allocations/kept").body();

        api.close();
        api = ApiFixture.withToken(temp);

        JsonNode after = api.get("/v1/allocations/kept").body();
        // Every field but the links, which name the restarted server's new port.
        JsonNode afterWithoutLinks = after.<com.fasterxml.jackson.databind.node.ObjectNode>deepCopy().without("links");
        JsonNode beforeWithoutLinks = before.<com.fasterxml.jackson.databind.node.ObjectNode>deepCopy().without("links");
        assertThat(afterWithoutLinks.toString()).isEqualTo(beforeWithoutLinks.toString());
        assertThat(after.get("node_uuid").asText()).isEqualTo(small);
        assertThat(after.get("owner").asText()).isEqualTo("tenant-a");
        assertThat(after.get("extra").get("ticket").asText()).isEqualTo("OPS-1");
        assertThat(api.get("/v1/allocations/unlucky").body().get("last_error").asText())
                .isEqualTo(failed.body().get("last_error").asText());
        assertThat(api.get("/v1/allocations").body().get("allocations")).hasSize(2);
        assertThat(api.get("/v1/nodes/" + small).body().get("allocation_uuid").asText())
                .isEqualTo(after.get("uuid").asText());
        // The name stays taken, and the node stays claimed: a new allocation gets neither.
        assertThat(allocate("{\"resource_class\":\"baremetal\",\"name\":\"kept\"}").status())
                .isEqualTo(409);
        assertThat(allocate("{\"resource_class\":\"baremetal\"}").body().get("state").asText())
                .isEqualTo("error");
        assertThat(api.delete("/v1/allocations/kept").status()).isEqualTo(204);
        assertThat(api.get("/v1/nodes/" + small).body().get("instance_uuid").isNull()).isTrue();
    }

    @Test
    void ownerIsAcceptedFromItsVersionOnly() {
        var old = api.send("POST", "/v1/allocations", Optional.of("{\"resource_class\":\"x\",\"owner\":\"t\"}"),
                "1.59");
        assertThat(old.status()).isEqualTo(400);
        assertThat(api.faultOf(old)).contains("owner");
        assertThat(api.get("/v1/allocations").body().get("allocations")).isEmpty();
        assertThat(allocate("{\"resource_class\":\"x\",\"owner\":5}").status()).isEqualTo(400);
    }

    @Test
    void aBiggerNodeIsNeverGivenUnasked() {
        String big = availableNode("big", "baremetal", 8, 8192, 100);
        var exact = allocate("{\"resource_class\":\"baremetal\","
                + "\"properties\":{\"cpus\":2,\"memory_mb\":2048}}");
        assertThat(exact.status()).isEqualTo(201);
        assertThat(exact.body().get("state").asText()).isEqualTo("error");
        assertThat(exact.body().get("node_uuid").isNull()).isTrue();
        assertThat(exact.body().get("last_error").asText()).contains("baremetal", "exactly", "cpus 8 instead of exactly 2");
        assertThat(api.get("/v1/nodes/" + big).body().get("instance_uuid").isNull()).isTrue();
        var larger = allocate("{\"resource_class\":\"baremetal\",\"allow_larger\":true,"
                + "\"properties\":{\"cpus\":2,\"memory_mb\":2048}}");
        assertThat(larger.body().get("node_uuid").asText()).isEqualTo(big);
    }

    @Test
    void traitsCandidatesAndAvailabilityAreRequired() {
        String a = availableNode("a", "gold", 2, 2048, 10);
        String b = availableNode("b", "gold", 2, 2048, 10);
        api.patch("/v1/nodes/" + a, "[{\"op\":\"add\",\"path\":\"/extra/x\",\"value\":1}]");
        var withTrait = allocate("{\"resource_class\":\"gold\",\"traits\":[\"CUSTOM_GPU\"]}");
        assertThat(withTrait.body().get("state").asText()).isEqualTo("error");
        assertThat(withTrait.body().get("last_error").asText()).contains("CUSTOM_GPU");
        assertThat(api.put("/v1/nodes/" + b + "/traits/CUSTOM_GPU", "{}").status()).isEqualTo(204);
        var gpu = allocate("{\"resource_class\":\"gold\",\"traits\":[\"CUSTOM_GPU\"]}");
        assertThat(gpu.body().get("node_uuid").asText()).isEqualTo(b);
        assertThat(api.delete("/v1/allocations/" + gpu.body().get("uuid").asText()).status()).isEqualTo(204);
        api.put("/v1/nodes/" + a + "/maintenance", "{\"reason\":\"x\"}");
        var onlyA = allocate("{\"resource_class\":\"gold\",\"candidate_nodes\":[\"a\"]}");
        assertThat(onlyA.body().get("state").asText()).isEqualTo("error");
        assertThat(onlyA.body().get("last_error").asText()).contains("maintenance");
        var any = allocate("{\"resource_class\":\"gold\"}");
        assertThat(any.body().get("node_uuid").asText()).isEqualTo(b);
        assertThat(allocate("{\"resource_class\":\"silver\"}").body().get("state").asText())
                .isEqualTo("error");
    }

    @Test
    void invalidRequestsAndOldVersions() {
        for (String body : List.of("{}", "{\"resource_class\":\"x\",\"colour\":1}", "{\"resource_class\":5}",
                "{\"resource_class\":\"x\",\"traits\":\"CUSTOM_A\"}",
                "{\"resource_class\":\"x\",\"properties\":{\"cpus\":-1}}")) {
            var reply = allocate(body);
            assertThat(reply.status()).as(body).isEqualTo(400);
            api.faultOf(reply);
        }
        assertThat(allocate("{\"resource_class\":\"x\",\"name\":\"dup\"}").status()).isEqualTo(201);
        assertThat(allocate("{\"resource_class\":\"x\",\"name\":\"dup\"}").status()).isEqualTo(409);
        assertThat(api.send("GET", "/v1/allocations", Optional.empty(), "1.51").status()).isEqualTo(404);
    }

    @Test
    void racingAllocationsNeverShareANode() throws Exception {
        List<String> nodes = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            nodes.add(availableNode("race-" + i, "race", 2, 2048, 10));
        }
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<JsonNode>> replies = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                replies.add(pool.submit(() -> allocate("{\"resource_class\":\"race\"}").body()));
            }
            Set<String> granted = new HashSet<>();
            int failed = 0;
            for (Future<JsonNode> reply : replies) {
                JsonNode allocation = reply.get();
                if (allocation.get("state").asText().equals("active")) {
                    assertThat(granted.add(allocation.get("node_uuid").asText())).as("node given twice").isTrue();
                } else {
                    failed++;
                }
            }
            assertThat(granted).containsExactlyInAnyOrderElementsOf(nodes);
            assertThat(failed).isEqualTo(3);
            for (String node : nodes) {
                assertThat(api.store.nodes().get(UUID.fromString(node)).instanceUuid()).isPresent();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void anAllocationOfADeployedNodeCanNotBeDeleted() {
        String node = availableNode("deployed", "baremetal", 2, 2048, 10);
        String allocation = allocate("{\"resource_class\":\"baremetal\"}").body().get("uuid").asText();
        assertThat(api.put("/v1/nodes/" + node + "/states/provision", "{\"target\":\"active\"}").status()).isEqualTo(202);
        var reply = api.delete("/v1/allocations/" + allocation);
        assertThat(reply.status()).isEqualTo(409);
        assertThat(api.faultOf(reply)).contains("active");
        assertThat(api.get("/v1/nodes/" + node).body().get("instance_uuid").asText()).isEqualTo(allocation);
    }
}
