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

/** Ironic's portgroups (1.23+) and ports' portgroup_uuid (1.24) over HTTP. */
class PortgroupConformanceTest {
    @TempDir
    Path temp;
    ApiFixture api;
    String node;

    @BeforeEach
    void start() {
        api = ApiFixture.withToken(temp);
        node = api.createNode("bonded");
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private ApiFixture.Reply at(String version, String method, String path, String body) {
        return api.send(method, path, Optional.ofNullable(body), version);
    }

    private String portgroup(String name, String body) {
        var reply = api.post("/v1/portgroups", "{\"node_uuid\":\"" + node + "\",\"name\":\"" + name + "\"" + body + "}");
        assertThat(reply.status()).as(reply.raw()).isEqualTo(201);
        return reply.body().get("uuid").asText();
    }

    private ApiFixture.Reply port(String mac, String extra) {
        return api.post("/v1/ports", "{\"node_uuid\":\"" + node + "\",\"address\":\"" + mac + "\"" + extra + "}");
    }

    @Test
    void createShowsIronicsFieldsPerVersion() {
        var created = api.post("/v1/portgroups", "{\"node_uuid\":\"" + node + "\",\"name\":\"bond0\","
                + "\"address\":\"52:54:00:AA:00:01\",\"mode\":\"802.3ad\",\"properties\":{\"miimon\":\"100\"}}");
        assertThat(created.status()).as(created.raw()).isEqualTo(201);
        JsonNode pg = created.body();
        String uuid = pg.get("uuid").asText();
        assertThat(VersionsTest.keys(pg)).containsExactly("uuid", "created_at", "updated_at", "address", "extra",
                "internal_info", "mode", "name", "properties", "standalone_ports_supported", "node_uuid", "links",
                "ports");
        assertThat(pg.get("address").asText()).isEqualTo("52:54:00:aa:00:01");
        assertThat(pg.get("mode").asText()).isEqualTo("802.3ad");
        assertThat(pg.get("standalone_ports_supported").asBoolean()).isTrue();
        assertThat(pg.get("ports").get(0).get("href").asText()).isEqualTo(api.base + "/v1/portgroups/" + uuid + "/ports");
        assertThat(created.header("Location")).hasValue(api.base + "/v1/portgroups/" + uuid);
        JsonNode old = at("1.23", "GET", "/v1/portgroups/" + uuid, null).body();
        assertThat(old.has("mode")).isFalse();
        assertThat(old.has("properties")).isFalse();
        assertThat(api.get("/v1/portgroups/bond0").body().get("uuid").asText()).isEqualTo(uuid);
        assertThat(at("1.25", "GET", "/v1/portgroups/" + uuid + "?fields=mode", null).status()).isEqualTo(406);
    }

    @Test
    void theDefaultModeIsActiveBackupAndModeNeeds126() {
        String uuid = portgroup("bond0", "");
        assertThat(api.get("/v1/portgroups/" + uuid).body().get("mode").asText()).isEqualTo("active-backup");
        assertThat(at("1.25", "POST", "/v1/portgroups", "{\"node_uuid\":\"" + node + "\",\"mode\":\"balance-rr\"}")
                .status()).isEqualTo(406);
        assertThat(at("1.25", "PATCH", "/v1/portgroups/" + uuid, "[{\"op\":\"replace\",\"path\":\"/mode\","
                + "\"value\":\"balance-rr\"}]").status()).isEqualTo(406);
        assertThat(api.patch("/v1/portgroups/" + uuid, "[{\"op\":\"remove\",\"path\":\"/mode\"}]").status())
                .isEqualTo(400);
    }

    @Test
    void belowVersion123PortgroupsDoNotExist() {
        assertThat(at("1.22", "GET", "/v1/portgroups", null).status()).isEqualTo(404);
        assertThat(at("1.22", "POST", "/v1/portgroups", "{\"node_uuid\":\"" + node + "\"}").status()).isEqualTo(404);
        assertThat(at("1.23", "GET", "/v1/nodes/" + node + "/portgroups", null).status()).isEqualTo(404);
        assertThat(at("1.24", "GET", "/v1/nodes/" + node + "/portgroups", null).status()).isEqualTo(200);
    }

    @Test
    void namesAndAddressesAreUniqueAndValidated() {
        portgroup("bond0", ",\"address\":\"52:54:00:aa:00:01\"");
        var sameName = api.post("/v1/portgroups", "{\"node_uuid\":\"" + node + "\",\"name\":\"bond0\"}");
        assertThat(sameName.status()).isEqualTo(409);
        var sameMac = api.post("/v1/portgroups", "{\"node_uuid\":\"" + node + "\",\"address\":\"52:54:00:aa:00:01\"}");
        assertThat(sameMac.status()).isEqualTo(409);
        assertThat(api.faultOf(sameMac)).contains("A portgroup with MAC address 52:54:00:aa:00:01 already exists");
        for (String body : List.of("{\"name\":\"x\"}", "{\"node_uuid\":\"" + UUID.randomUUID() + "\"}",
                "{\"node_uuid\":\"" + node + "\",\"address\":\"nope\"}",
                "{\"node_uuid\":\"" + node + "\",\"name\":\"bad name\"}",
                "{\"node_uuid\":\"" + node + "\",\"colour\":1}",
                "{\"node_uuid\":\"" + node + "\",\"standalone_ports_supported\":\"maybe\"}")) {
            assertThat(api.post("/v1/portgroups", body).status()).as(body).isEqualTo(400);
        }
    }

    @Test
    void listsFilterByNodeOrAddressAndPage() {
        portgroup("a", ",\"address\":\"52:54:00:aa:00:01\"");
        portgroup("b", "");
        portgroup("c", "");
        String other = api.createNode("other");
        api.post("/v1/portgroups", "{\"node_uuid\":\"" + other + "\",\"name\":\"d\"}");
        JsonNode plain = api.get("/v1/portgroups").body().get("portgroups");
        assertThat(plain).hasSize(4);
        assertThat(VersionsTest.keys(plain.get(0))).containsExactly("uuid", "address", "name", "links");
        assertThat(api.get("/v1/portgroups/detail").body().get("portgroups").get(0).has("mode")).isTrue();
        assertThat(api.get("/v1/portgroups?node=other").body().get("portgroups")).hasSize(1);
        assertThat(api.get("/v1/nodes/bonded/portgroups").body().get("portgroups")).hasSize(3);
        assertThat(api.get("/v1/portgroups?address=52:54:00:AA:00:01").body().get("portgroups").get(0).get("name")
                .asText()).isEqualTo("a");
        assertThat(api.get("/v1/portgroups?address=52:54:00:aa:00:01&node=other").status()).isEqualTo(400);
        JsonNode page = api.get("/v1/portgroups?limit=3&sort_key=name&sort_dir=desc").body();
        assertThat(page.get("portgroups").get(0).get("name").asText()).isEqualTo("d");
        JsonNode rest = api.get(page.get("next").asText().substring(api.base.length())).body().get("portgroups");
        assertThat(rest).hasSize(1);
        assertThat(rest.get(0).get("name").asText()).isEqualTo("a");
        assertThat(api.get("/v1/portgroups?sort_key=properties").status()).isEqualTo(400);
    }

    @Test
    void portsJoinAPortgroupAndAreListedUnderIt() {
        String pg = portgroup("bond0", "");
        var joined = port("52:54:00:00:00:01", ",\"portgroup_uuid\":\"" + pg + "\"");
        assertThat(joined.status()).as(joined.raw()).isEqualTo(201);
        assertThat(joined.body().get("portgroup_uuid").asText()).isEqualTo(pg);
        String loose = port("52:54:00:00:00:02", "").body().get("uuid").asText();
        assertThat(api.get("/v1/ports/" + loose).body().get("portgroup_uuid").isNull()).isTrue();
        assertThat(at("1.23", "GET", "/v1/ports/" + loose, null).body().has("portgroup_uuid")).isFalse();
        assertThat(at("1.23", "POST", "/v1/ports", "{\"node_uuid\":\"" + node + "\",\"address\":\"52:54:00:00:00:09\","
                + "\"portgroup_uuid\":\"" + pg + "\"}").status()).isEqualTo(406);

        JsonNode members = api.get("/v1/portgroups/" + pg + "/ports").body().get("ports");
        assertThat(members).hasSize(1);
        assertThat(members.get(0).get("address").asText()).isEqualTo("52:54:00:00:00:01");
        assertThat(api.get("/v1/portgroups/bond0/ports/detail").body().get("ports").get(0).has("portgroup_uuid"))
                .isTrue();
        assertThat(api.get("/v1/ports?portgroup=bond0").body().get("ports")).hasSize(1);
        assertThat(at("1.23", "GET", "/v1/ports?portgroup=bond0", null).status()).isEqualTo(406);
        assertThat(api.get("/v1/ports?portgroup=nosuch").status()).isEqualTo(404);

        var moved = api.patch("/v1/ports/" + loose, "[{\"op\":\"add\",\"path\":\"/portgroup_uuid\",\"value\":\""
                + pg + "\"}]");
        assertThat(moved.status()).as(moved.raw()).isEqualTo(200);
        assertThat(moved.body().get("portgroup_uuid").asText()).isEqualTo(pg);
        assertThat(api.get("/v1/portgroups/" + pg + "/ports").body().get("ports")).hasSize(2);
        var left = api.patch("/v1/ports/" + loose, "[{\"op\":\"remove\",\"path\":\"/portgroup_uuid\"}]");
        assertThat(left.body().get("portgroup_uuid").isNull()).isTrue();
    }

    @Test
    void aPortCanOnlyJoinAnExistingPortgroupOfItsNode() {
        var missing = port("52:54:00:00:00:01", ",\"portgroup_uuid\":\"" + UUID.randomUUID() + "\"");
        assertThat(missing.status()).isEqualTo(400);
        String other = api.createNode("other");
        var elsewhere = api.post("/v1/portgroups", "{\"node_uuid\":\"" + other + "\"}");
        var wrongNode = port("52:54:00:00:00:01", ",\"portgroup_uuid\":\"" + elsewhere.body().get("uuid").asText()
                + "\"");
        assertThat(wrongNode.status()).isEqualTo(400);
        assertThat(api.faultOf(wrongNode)).contains("different node");
        assertThat(api.get("/v1/ports").body().get("ports")).isEmpty();
    }

    @Test
    void membersShareOnePhysicalNetwork() {
        String pg = portgroup("bond0", "");
        assertThat(port("52:54:00:00:00:01", ",\"physical_network\":\"physnet1\",\"portgroup_uuid\":\"" + pg + "\"")
                .status()).isEqualTo(201);
        var other = port("52:54:00:00:00:02", ",\"physical_network\":\"physnet2\",\"portgroup_uuid\":\"" + pg + "\"");
        assertThat(other.status()).isEqualTo(409);
        assertThat(api.faultOf(other)).contains("Port with physical network physnet2 cannot become a member of port"
                + " group " + pg + " which has ports in physical network physnet1");
        var none = port("52:54:00:00:00:03", ",\"portgroup_uuid\":\"" + pg + "\"");
        assertThat(none.status()).isEqualTo(409);
        var same = port("52:54:00:00:00:04", ",\"physical_network\":\"physnet1\",\"portgroup_uuid\":\"" + pg + "\"");
        assertThat(same.status()).isEqualTo(201);
        var change = api.patch("/v1/ports/" + same.body().get("uuid").asText(), "[{\"op\":\"replace\","
                + "\"path\":\"/physical_network\",\"value\":\"physnet3\"}]");
        assertThat(change.status()).isEqualTo(409);
    }

    @Test
    void pxePortsNeedAPortgroupSupportingStandalonePorts() {
        String pg = portgroup("bond0", ",\"standalone_ports_supported\":false");
        var pxe = port("52:54:00:00:00:01", ",\"portgroup_uuid\":\"" + pg + "\"");
        assertThat(pxe.status()).isEqualTo(409);
        assertThat(api.faultOf(pxe)).contains("doesn't support standalone ports");
        assertThat(port("52:54:00:00:00:01", ",\"pxe_enabled\":false,\"portgroup_uuid\":\"" + pg + "\"").status())
                .isEqualTo(201);
        // The stock CLI sends the flag as a string (baremetal port create --pxe-enabled false).
        assertThat(port("52:54:00:00:00:02", ",\"pxe_enabled\":\"false\",\"portgroup_uuid\":\"" + pg + "\"")
                .status()).isEqualTo(201);
    }

    @Test
    void aPortgroupWithPortsCanNeitherBeDeletedNorMoved() {
        String pg = portgroup("bond0", "");
        String member = port("52:54:00:00:00:01", ",\"portgroup_uuid\":\"" + pg + "\"").body().get("uuid").asText();
        var refused = api.delete("/v1/portgroups/" + pg);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(api.faultOf(refused)).contains("portgroup " + pg + " contains ports");
        String other = api.createNode("other");
        var move = api.patch("/v1/portgroups/" + pg, "[{\"op\":\"replace\",\"path\":\"/node_uuid\",\"value\":\""
                + other + "\"}]");
        assertThat(move.status()).isEqualTo(400);
        assertThat(api.delete("/v1/ports/" + member).status()).isEqualTo(204);
        var moved = api.patch("/v1/portgroups/" + pg, "[{\"op\":\"replace\",\"path\":\"/node_uuid\",\"value\":\""
                + other + "\"}]");
        assertThat(moved.status()).as(moved.raw()).isEqualTo(200);
        assertThat(moved.body().get("node_uuid").asText()).isEqualTo(other);
        assertThat(api.delete("/v1/portgroups/bond0").status()).isEqualTo(204);
        assertThat(api.get("/v1/portgroups/" + pg).status()).isEqualTo(404);
    }

    @Test
    void aPortgroupMovesOnlyFromANodeInEnrollManageableInspectingOrMaintenance() {
        String pg = portgroup("bond0", "");
        String other = api.createNode("other");
        api.put("/v1/nodes/" + node + "/states/provision", "{\"target\":\"manage\"}");
        api.put("/v1/nodes/" + node + "/states/provision", "{\"target\":\"provide\"}");
        assertThat(api.get("/v1/nodes/" + node).body().get("provision_state").asText()).isEqualTo("available");
        String move = "[{\"op\":\"replace\",\"path\":\"/node_uuid\",\"value\":\"" + other + "\"}]";
        var refused = api.patch("/v1/portgroups/" + pg, move);
        assertThat(refused.status()).isEqualTo(409);
        assertThat(api.faultOf(refused)).contains("Current state is 'available'");
        assertThat(api.put("/v1/nodes/" + node + "/maintenance", "{\"reason\":\"move\"}").status()).isIn(202, 204);
        assertThat(api.patch("/v1/portgroups/" + pg, move).status()).isEqualTo(200);
    }

    @Test
    void patchChangesSettingsAndRefusesReadOnlyFields() {
        String pg = portgroup("bond0", "");
        var reply = api.patch("/v1/portgroups/" + pg, "[{\"op\":\"replace\",\"path\":\"/name\",\"value\":\"bond1\"},"
                + "{\"op\":\"add\",\"path\":\"/address\",\"value\":\"52:54:00:aa:00:02\"},"
                + "{\"op\":\"add\",\"path\":\"/properties/miimon\",\"value\":\"100\"}]");
        assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
        assertThat(reply.body().get("name").asText()).isEqualTo("bond1");
        assertThat(reply.body().get("address").asText()).isEqualTo("52:54:00:aa:00:02");
        assertThat(reply.body().get("properties").get("miimon").asText()).isEqualTo("100");
        assertThat(api.patch("/v1/portgroups/" + pg, "[{\"op\":\"replace\",\"path\":\"/internal_info\","
                + "\"value\":{}}]").status()).isEqualTo(400);
        assertThat(api.patch("/v1/portgroups/" + pg, "[{\"op\":\"replace\",\"path\":\"/name\","
                + "\"value\":\"bad name\"}]").status()).isEqualTo(400);
    }

    @Test
    void deletingTheNodeDeletesItsPortgroups() {
        String pg = portgroup("bond0", "");
        port("52:54:00:00:00:01", ",\"portgroup_uuid\":\"" + pg + "\"");
        assertThat(api.delete("/v1/nodes/" + node).status()).isEqualTo(204);
        assertThat(api.get("/v1/portgroups").body().get("portgroups")).isEmpty();
    }

    @Test
    void theV1DocumentLinksToPortgroups() {
        String href = api.get("/v1").body().get("portgroups").get(0).get("href").asText();
        assertThat(href).isEqualTo(api.base + "/v1/portgroups/");
        assertThat(api.get(href.substring(api.base.length(), href.length() - 1)).status()).isEqualTo(200);
        assertThat(at("1.22", "GET", "/v1", null).body().has("portgroups")).isFalse();
        assertThat(at("1.23", "GET", "/v1", null).body().has("portgroups")).isTrue();
    }
}
