package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeMutation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodesApiTest {
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

    /** The n-th JSON response document of rest-lifecycle.txt. */
    private JsonNode lifecycleResponse(int index) throws IOException {
        List<JsonNode> documents = new ArrayList<>();
        for (String line : WireSamples.lines("rest-lifecycle.txt")) {
            if (line.startsWith("{")) {
                documents.add(api.json.readTree(line));
            }
        }
        return documents.get(index);
    }

    @Test
    void createAnswersLikeStockIronic() throws IOException {
        // At the version of the capture (Ironic serving up to 1.82): later fields are ApiThrough187's to check.
        var reply = api.send("POST", "/v1/nodes", java.util.Optional.of("{\"driver\":\"fake-hardware\","
                + "\"name\":\"rest-node-1\",\"properties\":{\"cpus\":2,\"memory_mb\":2048,\"local_gb\":10}}"), "1.82");
        assertThat(reply.status()).isEqualTo(201);
        JsonNode captured = lifecycleResponse(0);
        JsonNode node = reply.body();
        assertThat(VersionsTest.keys(node)).containsExactlyElementsOf(VersionsTest.keys(captured));
        String uuid = node.get("uuid").asText();
        assertThat(reply.header("Location")).hasValue(api.base + "/v1/nodes/" + uuid);
        // Every value but identity, times, links and the conductor's name is what Ironic answered.
        for (String field : VersionsTest.keys(captured)) {
            if (List.of("uuid", "created_at", "links", "ports", "states", "portgroups", "volume", "conductor")
                    .contains(field)) {
                continue;
            }
            assertThat(node.get(field)).as(field).isEqualTo(captured.get(field));
        }
        assertThat(node.get("created_at").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d{6})?\\+00:00");
        assertThat(node.get("links").get(0).get("href").asText()).isEqualTo(api.base + "/v1/nodes/" + uuid);
        assertThat(node.get("conductor").asText()).isEqualTo(ApiFixture.CONDUCTOR);
    }

    @Test
    void fieldsAppearOnlyFromTheirMicroversion() {
        String uuid = api.createNode("gated");
        JsonNode at11 = api.send("GET", "/v1/nodes/" + uuid, Optional.empty(), "1.1").body();
        assertThat(at11.has("name")).isFalse();
        assertThat(at11.has("driver_internal_info")).isFalse();
        assertThat(at11.has("boot_interface")).isFalse();
        JsonNode at31 = api.send("GET", "/v1/nodes/" + uuid, Optional.empty(), "1.31").body();
        assertThat(at31.get("name").asText()).isEqualTo("gated");
        assertThat(at31.get("resource_class").isNull()).isTrue();
        assertThat(at31.get("boot_interface").asText()).isEqualTo("fake");
        assertThat(at31.has("traits")).isFalse();
        assertThat(at31.has("storage_interface")).isFalse();
        assertThat(api.send("GET", "/v1/nodes/" + uuid, Optional.empty(), "1.37").body().has("traits")).isTrue();
    }

    @Test
    void showByNameAndWithFields() {
        String uuid = api.createNode("by-name");
        assertThat(api.get("/v1/nodes/by-name").body().get("uuid").asText()).isEqualTo(uuid);
        JsonNode some = api.get("/v1/nodes/by-name?fields=uuid,provision_state").body();
        assertThat(VersionsTest.keys(some)).containsExactly("uuid", "provision_state");
        var bad = api.get("/v1/nodes/by-name?fields=uuid,bogus");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(api.faultOf(bad)).contains("bogus");
    }

    @Test
    void aMissingNodeIs404AsInTheSample() throws IOException {
        String uuid = "294b4cd2-92d1-49b8-92d1-4d5a69492e31";
        var reply = api.get("/v1/nodes/" + uuid);
        assertThat(reply.status()).isEqualTo(404);
        String captured = WireSamples.text("rest-lifecycle.txt");
        String capturedBody = captured.substring(captured.lastIndexOf("{\"error_message\""),
                captured.indexOf("}\n", captured.lastIndexOf("{\"error_message\"")) + 1);
        assertThat(reply.raw()).isEqualTo(capturedBody);
        assertThat(reply.header("Content-Type")).hasValue("application/json");
    }

    @Test
    void invalidCreatesAre400And409AndStoreNothing() {
        api.createNode("taken");
        record Case(String body, int status, String fault) {
        }
        for (Case c : List.of(
                new Case("{\"name\":\"no-driver\"}", 400, "driver"),
                new Case("{\"driver\":\"fake-hardware\",\"colour\":\"red\"}", 400, "colour"),
                new Case("{\"driver\":\"no-such-type\"}", 400, "no-such-type"),
                new Case("{\"driver\":\"fake-hardware\",\"traits\":[\"CUSTOM_X\"]}", 400, "traits"),
                new Case("{\"driver\":\"fake-hardware\",\"fault\":\"power failure\"}", 400, "fault"),
                new Case("{\"driver\":\"fake-hardware\",\"boot_interface\":\"pxe\"}", 400, "boot_interface"),
                // Found by JsonPatchFuzzTest: an empty implementation name escaped as IllegalArgumentException (500).
                new Case("{\"driver\":\"fake-hardware\",\"deploy_interface\":\"\"}", 400, "deploy_interface"),
                new Case("{\"driver\":\"fake-hardware\",\"properties\":[1]}", 400, "properties"),
                new Case("{\"driver\":\"fake-hardware\",\"name\":\"bad name!\"}", 400, "bad name!"),
                new Case("{\"driver\":\"fake-hardware\",\"uuid\":\"nope\"}", 400, "UUID"),
                new Case("{\"driver\":\"fake-hardware\",\"name\":\"taken\"}", 409, "taken"),
                new Case("[1, 2]", 400, "JSON object"),
                new Case("{\"driver\": ", 400, "not valid JSON"))) {
            var reply = api.post("/v1/nodes", c.body());
            assertThat(reply.status()).as(c.body()).isEqualTo(c.status());
            assertThat(api.faultOf(reply)).as(c.body()).contains(c.fault());
        }
        assertThat(api.store.nodes().list(dev.ferrum.conductor.store.NodeQuery.all()).items()).hasSize(1);
    }

    @Test
    void listingPagesWithMarkerAndNextLink() {
        List<String> uuids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            uuids.add(api.createNode("page-" + i));
        }
        // Without a sort_key, Ironic lists in creation order.
        var first = api.get("/v1/nodes?limit=2");
        assertThat(first.status()).isEqualTo(200);
        JsonNode nodes = first.body().get("nodes");
        assertThat(nodes).hasSize(2);
        assertThat(VersionsTest.keys(nodes.get(0)))
                .containsExactly("uuid", "instance_uuid", "maintenance", "name", "power_state", "provision_state", "links");
        assertThat(nodes.get(0).get("uuid").asText()).isEqualTo(uuids.get(0));
        String next = first.body().get("next").asText();
        assertThat(next).isEqualTo(api.base + "/v1/nodes?limit=2&marker=" + uuids.get(1));
        List<String> seen = new ArrayList<>();
        String path = "/v1/nodes?limit=2";
        while (true) {
            JsonNode page = api.get(path).body();
            page.get("nodes").forEach(n -> seen.add(n.get("uuid").asText()));
            if (!page.has("next")) {
                break;
            }
            path = page.get("next").asText().substring(api.base.length());
        }
        assertThat(seen).containsExactlyElementsOf(uuids);
        assertThat(api.get("/v1/nodes").body().has("next")).isFalse();
        var sorted = api.get("/v1/nodes?sort_key=name&sort_dir=desc&limit=1").body();
        assertThat(sorted.get("nodes").get(0).get("name").asText()).isEqualTo("page-4");
        assertThat(sorted.get("next").asText()).contains("sort_key=name&sort_dir=desc&limit=1&marker=");
        assertThat(api.get("/v1/nodes?marker=" + UUID.randomUUID()).status()).isEqualTo(400);
        assertThat(api.get("/v1/nodes?limit=x").status()).isEqualTo(400);
        assertThat(api.get("/v1/nodes?sort_key=bogus").status()).isEqualTo(400);
    }

    @Test
    void detailAndFilters() {
        String a = api.createNode("filter-a");
        api.createNode("filter-b");
        assertThat(api.put("/v1/nodes/" + a + "/states/provision", "{\"target\":\"manage\"}").status()).isEqualTo(202);
        assertThat(api.patch("/v1/nodes/" + a, "[{\"op\":\"add\",\"path\":\"/resource_class\",\"value\":\"gold\"}]")
                .status()).isEqualTo(200);
        JsonNode detail = api.get("/v1/nodes/detail?provision_state=manageable").body().get("nodes");
        assertThat(detail).hasSize(1);
        assertThat(detail.get(0).has("driver_info")).isTrue();
        assertThat(api.get("/v1/nodes?resource_class=gold").body().get("nodes")).hasSize(1);
        assertThat(api.get("/v1/nodes?driver=fake-hardware").body().get("nodes")).hasSize(2);
        assertThat(api.get("/v1/nodes?driver=ipmi").body().get("nodes")).isEmpty();
        assertThat(api.get("/v1/nodes?maintenance=true").body().get("nodes")).isEmpty();
        assertThat(api.get("/v1/nodes?associated=false").body().get("nodes")).hasSize(2);
        assertThat(api.get("/v1/nodes?associated=true").body().get("nodes")).isEmpty();
        assertThat(api.get("/v1/nodes?fields=uuid,name").body().get("nodes").get(0).size()).isEqualTo(2);
        assertThat(api.get("/v1/nodes?provision_state=bogus").status()).isEqualTo(400);
        assertThat(api.get("/v1/nodes/detail?fields=uuid").status()).isEqualTo(400);
    }

    @Test
    void jsonPatchEditsWritableFieldsAndMasksSecrets() {
        String uuid = api.createNode("patch-me");
        var reply = api.patch("/v1/nodes/" + uuid, "["
                + "{\"op\":\"add\",\"path\":\"/driver_info/ipmi_address\",\"value\":\"10.0.0.9\"},"
                + "{\"op\":\"add\",\"path\":\"/driver_info/ipmi_password\",\"value\":\"hunter2\"},"
                + "{\"op\":\"replace\",\"path\":\"/properties/cpus\",\"value\":4},"
                + "{\"op\":\"remove\",\"path\":\"/properties/local_gb\"},"
                + "{\"op\":\"add\",\"path\":\"/extra/rack~1row\",\"value\":\"r1\"},"
                + "{\"op\":\"replace\",\"path\":\"/name\",\"value\":\"patched\"},"
                + "{\"op\":\"add\",\"path\":\"/instance_info/image_source\",\"value\":\"http://i/img\"}]");
        assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
        JsonNode node = reply.body();
        assertThat(node.get("driver_info").get("ipmi_password").asText()).isEqualTo("******");
        assertThat(node.get("driver_info").get("ipmi_address").asText()).isEqualTo("10.0.0.9");
        assertThat(node.get("properties").toString()).isEqualTo("{\"cpus\":4,\"memory_mb\":2048}");
        assertThat(node.get("extra").get("rack/row").asText()).isEqualTo("r1");
        assertThat(node.get("name").asText()).isEqualTo("patched");
        assertThat(node.get("reservation").isNull()).isTrue();
        Node stored = api.store.nodes().get(UUID.fromString(uuid));
        assertThat(stored.driverInfo().string("ipmi_password")).hasValue("hunter2");
        assertThat(stored.reservation()).isEmpty();
    }

    @Test
    void changingTheDriverResetsInterfacesToItsDefaults() {
        String uuid = api.createNode("retyped");
        var reply = api.patch("/v1/nodes/" + uuid, "[{\"op\":\"replace\",\"path\":\"/driver\",\"value\":\"ipmi\"}]");
        assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
        assertThat(reply.body().get("driver").asText()).isEqualTo("ipmi");
        assertThat(reply.body().get("power_interface").asText()).isEqualTo("fake");
        assertThat(api.patch("/v1/nodes/" + uuid, "[{\"op\":\"replace\",\"path\":\"/driver\",\"value\":\"nope\"}]")
                .status()).isEqualTo(400);
        assertThat(api.get("/v1/nodes/" + uuid).body().get("driver").asText()).isEqualTo("ipmi");
    }

    @Test
    void rejectedPatchesChangeNothing() {
        String uuid = api.createNode("guarded");
        api.createNode("other-name");
        Node before = api.store.nodes().get(UUID.fromString(uuid));
        record Case(String patch, int status, String fault) {
        }
        for (Case c : List.of(
                new Case("[{\"op\":\"replace\",\"path\":\"/provision_state\",\"value\":\"active\"}]", 400, "/provision_state"),
                new Case("[{\"op\":\"replace\",\"path\":\"/uuid\",\"value\":\"x\"}]", 400, "/uuid"),
                new Case("[{\"op\":\"add\",\"path\":\"/name\",\"value\":\"ok\"},"
                        + "{\"op\":\"remove\",\"path\":\"/extra/missing\"}]", 400, "/extra/missing"),
                new Case("[{\"op\":\"replace\",\"path\":\"/driver_info/absent\",\"value\":1}]", 400, "add"),
                new Case("[{\"op\":\"replace\",\"path\":\"/deploy_interface\",\"value\":\" \"}]", 400, "deploy_interface"),
                new Case("[{\"op\":\"move\",\"from\":\"/name\",\"path\":\"/extra/n\"}]", 400, "move"),
                new Case("[{\"op\":\"add\",\"path\":\"/name\"}]", 400, "value"),
                new Case("[{\"op\":\"remove\",\"path\":\"/driver\"}]", 400, "driver"),
                new Case("[{\"op\":\"replace\",\"path\":\"/instance_uuid\",\"value\":\"no\"}]", 400, "UUID"),
                new Case("{\"op\":\"add\"}", 400, "array"),
                new Case("[{\"op\":\"replace\",\"path\":\"/name\",\"value\":\"other-name\"}]", 409, "other-name"),
                new Case("[]", 400, "array"))) {
            var reply = api.patch("/v1/nodes/" + uuid, c.patch());
            assertThat(reply.status()).as(c.patch()).isEqualTo(c.status());
            assertThat(api.faultOf(reply)).as(c.patch()).contains(c.fault());
        }
        assertThat(api.store.nodes().get(UUID.fromString(uuid))).isEqualTo(before);
    }

    @Test
    void patchAndDeleteAreRefusedMidTransition() {
        String uuid = api.createNode("busy");
        UUID id = UUID.fromString(uuid);
        // Put the node into verifying by hand: the fake actions would settle it at once.
        api.store.locks().withLock(id, "other", lock -> api.store.transition(lock, api.store.nodes().get(id).version(),
                ProvisionState.ENROLL, ProvisionEvent.MANAGE, NodeMutation.none(), "test"));
        assertThat(api.patch("/v1/nodes/" + uuid, "[{\"op\":\"add\",\"path\":\"/extra/a\",\"value\":1}]").status())
                .isEqualTo(200);
        Node verifying = api.store.nodes().get(id);
        api.store.locks().withLock(id, "other", lock -> api.store.transition(lock, verifying.version(),
                ProvisionState.VERIFYING, ProvisionEvent.DONE, NodeMutation.none(), "test"));
        Node manageable = api.store.nodes().get(id);
        api.store.locks().withLock(id, "other", lock -> api.store.transition(lock, manageable.version(),
                ProvisionState.MANAGEABLE, ProvisionEvent.PROVIDE, NodeMutation.none(), "test"));
        Node cleaning = api.store.nodes().get(id);
        var patch = api.patch("/v1/nodes/" + uuid, "[{\"op\":\"add\",\"path\":\"/extra/b\",\"value\":1}]");
        assertThat(patch.status()).isEqualTo(409);
        assertThat(api.faultOf(patch)).isEqualTo("Node " + uuid + " can not be updated while a state transition is in"
                + " progress.");
        var delete = api.delete("/v1/nodes/" + uuid);
        assertThat(delete.status()).isEqualTo(409);
        assertThat(api.faultOf(delete)).contains("cleaning");
        assertThat(api.store.nodes().get(id)).isEqualTo(cleaning);
    }

    @Test
    void aLockedNodeIs409() {
        String uuid = api.createNode("locked");
        var lock = api.store.locks().acquire(UUID.fromString(uuid), "someone-else");
        var reply = api.patch("/v1/nodes/" + uuid, "[{\"op\":\"add\",\"path\":\"/extra/a\",\"value\":1}]");
        assertThat(reply.status()).isEqualTo(409);
        assertThat(api.faultOf(reply)).contains("locked by host someone-else");
        api.store.locks().release(lock);
    }

    @Test
    void deleteRemovesTheNodeAndItsPorts() {
        String uuid = api.createNode("doomed");
        api.post("/v1/ports", "{\"node_uuid\":\"" + uuid + "\",\"address\":\"52:54:00:aa:bb:09\"}");
        var reply = api.delete("/v1/nodes/doomed");
        assertThat(reply.status()).as(reply.raw()).isEqualTo(204);
        assertThat(reply.raw()).isEmpty();
        assertThat(api.get("/v1/nodes/" + uuid).status()).isEqualTo(404);
        assertThat(api.get("/v1/ports").body().get("ports")).isEmpty();
        assertThat(api.delete("/v1/nodes/doomed").status()).isEqualTo(404);
    }

    @Test
    void detailQueryGivesFullNodesFrom143AndIsRefusedBefore() {
        api.createNode("detail-a");
        api.createNode("detail-b");
        var reply = api.send("GET", "/v1/nodes?detail=true&limit=1", Optional.empty(), "1.43");
        JsonNode full = reply.body().get("nodes");
        assertThat(full).hasSize(1);
        assertThat(full.get(0).has("driver_info")).isTrue();
        assertThat(reply.body().get("next").asText()).contains("/v1/nodes?detail=true&").contains("limit=1");
        JsonNode plain = api.send("GET", "/v1/nodes?detail=false", Optional.empty(), "1.43").body().get("nodes");
        assertThat(plain.get(0).has("driver_info")).isFalse();
        var old = api.send("GET", "/v1/nodes?detail=true", Optional.empty(), "1.42");
        assertThat(old.status()).isEqualTo(400);
        assertThat(api.faultOf(old)).contains("?detail=true").contains("1.43");
        assertThat(api.get("/v1/nodes?detail=true&fields=uuid").status()).isEqualTo(400);
    }
}
