package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.port.Port;
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

class PortsApiTest {
    @TempDir
    Path temp;
    ApiFixture api;
    String node;

    @BeforeEach
    void start() {
        api = ApiFixture.withToken(temp);
        node = api.createNode("port-owner");
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private String createPort(String mac) {
        var reply = api.post("/v1/ports", "{\"node_uuid\":\"" + node + "\",\"address\":\"" + mac + "\"}");
        assertThat(reply.status()).as(reply.raw()).isEqualTo(201);
        return reply.body().get("uuid").asText();
    }

    @Test
    void createAnswersLikeStockIronic() throws IOException {
        JsonNode captured = null;
        for (String line : WireSamples.lines("rest-lifecycle.txt")) {
            if (line.startsWith("{\"uuid\"") && line.contains("\"address\"")) {
                captured = api.json.readTree(line);
            }
        }
        var reply = api.post("/v1/ports", "{\"node_uuid\":\"" + node + "\",\"address\":\"52:54:00:AA:BB:01\"}");
        assertThat(reply.status()).isEqualTo(201);
        JsonNode port = reply.body();
        assertThat(VersionsTest.keys(port)).containsExactlyElementsOf(VersionsTest.keys(captured));
        for (String field : List.of("updated_at", "extra", "internal_info", "is_smartnic", "local_link_connection",
                "physical_network", "pxe_enabled", "portgroup_uuid", "address")) {
            assertThat(port.get(field)).as(field).isEqualTo(captured.get(field));
        }
        assertThat(port.get("node_uuid").asText()).isEqualTo(node);
        assertThat(reply.header("Location")).hasValue(api.base + "/v1/ports/" + port.get("uuid").asText());
        JsonNode old = api.send("GET", "/v1/ports/" + port.get("uuid").asText(), Optional.empty(), "1.1").body();
        assertThat(old.has("pxe_enabled")).isFalse();
        assertThat(old.has("local_link_connection")).isFalse();
    }

    @Test
    void aTakenAddressIs409NamingTheHolderAndStoresNothing() {
        createPort("52:54:00:aa:bb:01");
        var reply = api.post("/v1/ports", "{\"node_uuid\":\"" + node + "\",\"address\":\"52:54:00:aa:bb:01\"}");
        assertThat(reply.status()).isEqualTo(409);
        assertThat(api.faultOf(reply)).contains("52:54:00:aa:bb:01");
        assertThat(api.store.ports().listByNode(UUID.fromString(node))).hasSize(1);
    }

    @Test
    void invalidPortsAre400() {
        for (String body : List.of("{\"address\":\"52:54:00:aa:bb:01\"}",
                "{\"node_uuid\":\"" + node + "\",\"address\":\"not-a-mac\"}",
                "{\"node_uuid\":\"" + UUID.randomUUID() + "\",\"address\":\"52:54:00:aa:bb:01\"}",
                "{\"node_uuid\":\"" + node + "\",\"address\":\"52:54:00:aa:bb:01\",\"colour\":1}",
                "{\"node_uuid\":\"" + node + "\",\"address\":\"52:54:00:aa:bb:01\",\"pxe_enabled\":\"yes\"}")) {
            var reply = api.post("/v1/ports", body);
            assertThat(reply.status()).as(body).isEqualTo(400);
            api.faultOf(reply);
        }
        assertThat(api.store.ports().listByNode(UUID.fromString(node))).isEmpty();
    }

    @Test
    void listingFiltersAndPages() {
        List<String> uuids = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            uuids.add(createPort("52:54:00:aa:bb:0" + i));
        }
        String other = api.createNode("other");
        api.post("/v1/ports", "{\"node_uuid\":\"" + other + "\",\"address\":\"52:54:00:cc:cc:01\"}");
        // Without a sort_key, Ironic lists in creation order.
        assertThat(api.get("/v1/ports").body().get("ports")).hasSize(4);
        assertThat(VersionsTest.keys(api.get("/v1/ports").body().get("ports").get(0)))
                .containsExactly("uuid", "address", "links");
        assertThat(api.get("/v1/ports?node=port-owner").body().get("ports")).hasSize(3);
        assertThat(api.get("/v1/ports?node_uuid=" + node).body().get("ports")).hasSize(3);
        assertThat(api.get("/v1/nodes/port-owner/ports").body().get("ports")).hasSize(3);
        assertThat(api.get("/v1/nodes/" + node + "/ports/detail").body().get("ports").get(0).has("pxe_enabled")).isTrue();
        JsonNode byAddress = api.get("/v1/ports?address=52:54:00:CC:CC:01").body().get("ports");
        assertThat(byAddress).hasSize(1);
        assertThat(api.get("/v1/ports/detail?address=52:54:00:cc:cc:01").body().get("ports").get(0)
                .get("node_uuid").asText()).isEqualTo(other);
        var page = api.get("/v1/nodes/" + node + "/ports?limit=2").body();
        assertThat(page.get("ports")).hasSize(2);
        assertThat(page.get("next").asText()).isEqualTo(api.base + "/v1/nodes/" + node + "/ports?limit=2&marker="
                + uuids.get(1));
        var rest = api.get(page.get("next").asText().substring(api.base.length())).body();
        assertThat(rest.get("ports")).hasSize(1);
        assertThat(rest.has("next")).isFalse();
        assertThat(api.get("/v1/ports?fields=uuid,node_uuid").body().get("ports").get(0).size()).isEqualTo(2);
        assertThat(api.get("/v1/ports?fields=bogus").status()).isEqualTo(400);
        assertThat(api.get("/v1/nodes/nobody/ports").status()).isEqualTo(404);
    }

    @Test
    void patchAndDelete() {
        String port = createPort("52:54:00:aa:bb:01");
        var reply = api.patch("/v1/ports/" + port, "[{\"op\":\"replace\",\"path\":\"/address\",\"value\":\"52:54:00:AA:BB:02\"},"
                + "{\"op\":\"add\",\"path\":\"/local_link_connection/switch_id\",\"value\":\"0a:1b:2c:3d:4e:5f\"},"
                + "{\"op\":\"replace\",\"path\":\"/pxe_enabled\",\"value\":false},"
                + "{\"op\":\"add\",\"path\":\"/extra/note\",\"value\":\"x\"}]");
        assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
        assertThat(reply.body().get("address").asText()).isEqualTo("52:54:00:aa:bb:02");
        assertThat(reply.body().get("pxe_enabled").asBoolean()).isFalse();
        assertThat(reply.body().get("local_link_connection").get("switch_id").asText()).isEqualTo("0a:1b:2c:3d:4e:5f");
        Port before = api.store.ports().get(UUID.fromString(port));
        for (String patch : List.of("[{\"op\":\"remove\",\"path\":\"/address\"}]",
                "[{\"op\":\"replace\",\"path\":\"/uuid\",\"value\":\"x\"}]",
                "[{\"op\":\"replace\",\"path\":\"/address\",\"value\":\"zz\"}]",
                "[{\"op\":\"replace\",\"path\":\"/node_uuid\",\"value\":\"" + UUID.randomUUID() + "\"}]")) {
            var rejected = api.patch("/v1/ports/" + port, patch);
            assertThat(rejected.status()).as(patch).isEqualTo(400);
        }
        String second = createPort("52:54:00:aa:bb:03");
        var clash = api.patch("/v1/ports/" + second, "[{\"op\":\"replace\",\"path\":\"/address\",\"value\":\"52:54:00:aa:bb:02\"}]");
        assertThat(clash.status()).isEqualTo(409);
        assertThat(api.store.ports().get(UUID.fromString(port))).isEqualTo(before);
        assertThat(api.delete("/v1/ports/" + port).status()).isEqualTo(204);
        assertThat(api.get("/v1/ports/" + port).status()).isEqualTo(404);
        // Ironic answers a malformed port uuid with 400 (issue 9; it was 404).
        assertThat(api.get("/v1/ports/not-a-uuid").status()).isEqualTo(400);
        assertThat(api.delete("/v1/ports/" + port).status()).isEqualTo(404);
    }

    @Test
    void detailQueryGivesFullPortsFrom143AndIsRefusedBefore() {
        createPort("52:54:00:aa:bb:01");
        JsonNode full = api.send("GET", "/v1/ports?detail=true", Optional.empty(), "1.43").body().get("ports");
        assertThat(full).hasSize(1);
        assertThat(full.get(0).has("node_uuid")).isTrue();
        assertThat(full.get(0).has("pxe_enabled")).isTrue();
        JsonNode perNode = api.send("GET", "/v1/nodes/" + node + "/ports?detail=True", Optional.empty(), "latest")
                .body().get("ports");
        assertThat(perNode.get(0).has("local_link_connection")).isTrue();
        JsonNode plain = api.send("GET", "/v1/ports?detail=false", Optional.empty(), "1.43").body().get("ports");
        assertThat(plain.get(0).has("node_uuid")).isFalse();
        var old = api.send("GET", "/v1/ports?detail=true", Optional.empty(), "1.42");
        assertThat(old.status()).isEqualTo(400);
        assertThat(api.faultOf(old)).contains("?detail=true").contains("1.43");
        assertThat(api.send("GET", "/v1/ports?detail=false", Optional.empty(), "1.42").status()).isEqualTo(400);
        assertThat(api.get("/v1/ports?detail=maybe").status()).isEqualTo(400);
        assertThat(api.get("/v1/ports?detail=true&fields=uuid").status()).isEqualTo(400);
    }
}
