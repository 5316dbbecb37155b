package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.node.Fault;
import dev.ferrum.conductor.store.NodeMutation;
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
 * The node attribute fields through HTTP as a stock client sends them: each field from its microversion
 * (shown, set, asked for with {@code fields=} and filtered on), 406 below it, Ironic's rules on protected
 * and retired nodes, and the conductor's fault.
 */
class NodeFieldsConformanceTest {
    private static final List<String> FIELDS = List.of("fault", "conductor_group", "protected", "protected_reason",
            "conductor", "owner", "description", "retired", "retired_reason", "lessee", "network_data", "boot_mode",
            "secure_boot", "shard");
    private static final int[] SINCE = {42, 46, 48, 48, 49, 50, 51, 61, 61, 65, 66, 75, 75, 82};

    @TempDir
    Path temp;
    ApiFixture api;

    @BeforeEach
    void start() {
        // Bodies up to 64 KiB, so a description over Ironic's 4,096 characters reaches the node's rules.
        api = new ApiFixture(temp, new ApiConfig(ApiConfig.SUPPORTED, new ApiAuth.Tokens(List.of(ApiFixture.TOKEN)),
                1 << 16, ApiFixture.CONDUCTOR, true));
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private ApiFixture.Reply at(String version, String method, String path, String body) {
        return api.send(method, path, Optional.ofNullable(body), version);
    }

    private ApiFixture.Reply patch(String version, String node, String ops) {
        return at(version, "PATCH", "/v1/nodes/" + node, ops);
    }

    private void edit(String node, NodeMutation mutation) {
        UUID id = UUID.fromString(node);
        api.store.locks().withLock(id, "test", lock -> api.store.nodes().update(lock,
                api.store.nodes().get(id).version(), mutation));
    }

    private void provision(String node, String target) {
        var reply = at("latest", "PUT", "/v1/nodes/" + node + "/states/provision", "{\"target\":\"" + target + "\"}");
        assertThat(reply.status()).as(reply.raw()).isEqualTo(202);
    }

    @Test
    void eachFieldAppearsFromItsMicroversionAndNotBefore() {
        String node = api.createNode("versions");
        for (int i = 0; i < FIELDS.size(); i++) {
            String field = FIELDS.get(i);
            JsonNode below = at("1." + (SINCE[i] - 1), "GET", "/v1/nodes/" + node, null).body();
            JsonNode from = at("1." + SINCE[i], "GET", "/v1/nodes/" + node, null).body();
            assertThat(below.has(field)).as(field + " below 1." + SINCE[i]).isFalse();
            assertThat(from.has(field)).as(field + " at 1." + SINCE[i]).isTrue();
        }
        JsonNode latest = api.get("/v1/nodes/" + node).body();
        // 1.83's parent_node is served (null without a parent); 1.95's disable_power_off lies past the versions served.
        assertThat(latest.get("parent_node").isNull()).isTrue();
        assertThat(latest.has("disable_power_off")).isFalse();
        assertThat(latest.get("protected").asBoolean()).isFalse();
        assertThat(latest.get("retired").asBoolean()).isFalse();
        assertThat(latest.get("network_data")).isEqualTo(api.json.createObjectNode());
        assertThat(latest.get("fault").isNull()).isTrue();
        assertThat(latest.get("conductor").asText()).isEqualTo(ApiFixture.CONDUCTOR);
    }

    @Test
    void createKeepsTheFieldsAndShowsThemBack() {
        var created = api.post("/v1/nodes", "{\"driver\":\"fake-hardware\",\"name\":\"full\","
                + "\"description\":\"rack 4, slot 2\",\"owner\":\"proj-a\",\"lessee\":\"proj-b\",\"shard\":\"s1\","
                + "\"network_data\":{\"links\":[],\"networks\":[],\"services\":[]},\"retired\":true,"
                + "\"retired_reason\":\"old\",\"boot_mode\":\"uefi\",\"secure_boot\":true}");
        assertThat(created.status()).as(created.raw()).isEqualTo(201);
        for (JsonNode node : List.of(created.body(), api.get("/v1/nodes/full").body())) {
            assertThat(node.get("description").asText()).isEqualTo("rack 4, slot 2");
            assertThat(node.get("owner").asText()).isEqualTo("proj-a");
            assertThat(node.get("lessee").asText()).isEqualTo("proj-b");
            assertThat(node.get("shard").asText()).isEqualTo("s1");
            assertThat(node.get("network_data").get("links").isArray()).isTrue();
            assertThat(node.get("retired").asBoolean()).isTrue();
            assertThat(node.get("retired_reason").asText()).isEqualTo("old");
            assertThat(node.get("boot_mode").asText()).isEqualTo("uefi");
            assertThat(node.get("secure_boot").asBoolean()).isTrue();
        }
        var states = api.get("/v1/nodes/full/states").body();
        assertThat(states.get("boot_mode").asText()).isEqualTo("uefi");
        assertThat(states.get("secure_boot").asBoolean()).isTrue();
    }

    @Test
    void aFieldSetBelowItsVersionIs406AndStoresNothing() {
        record Case(String version, String body) {
        }
        for (Case c : List.of(new Case("1.49", "{\"driver\":\"fake-hardware\",\"owner\":\"p\"}"),
                new Case("1.50", "{\"driver\":\"fake-hardware\",\"description\":\"d\"}"),
                new Case("1.60", "{\"driver\":\"fake-hardware\",\"retired\":true}"),
                new Case("1.64", "{\"driver\":\"fake-hardware\",\"lessee\":\"p\"}"),
                new Case("1.65", "{\"driver\":\"fake-hardware\",\"network_data\":{\"links\":[]}}"),
                new Case("1.81", "{\"driver\":\"fake-hardware\",\"shard\":\"s\"}"),
                new Case("1.45", "{\"driver\":\"fake-hardware\",\"conductor_group\":\"g\"}"),
                new Case("1.82", "{\"driver\":\"fake-hardware\",\"parent_node\":\"" + UUID.randomUUID() + "\"}"),
                new Case("latest", "{\"driver\":\"fake-hardware\",\"disable_power_off\":true}"))) {
            var reply = at(c.version(), "POST", "/v1/nodes", c.body());
            assertThat(reply.status()).as(c.version() + " " + c.body()).isEqualTo(406);
            assertThat(api.faultOf(reply)).contains("not acceptable");
        }
        assertThat(api.store.nodes().list(dev.ferrum.conductor.store.NodeQuery.all()).items()).isEmpty();
        // An empty value is no use of the field, as Ironic lets it pass.
        assertThat(at("1.49", "POST", "/v1/nodes", "{\"driver\":\"fake-hardware\",\"owner\":null,"
                + "\"conductor_group\":\"\"}").status()).isEqualTo(201);
    }

    @Test
    void fieldsAskedForBelowTheirVersionAre406() {
        String node = api.createNode("asked");
        var tooOld = at("1.49", "GET", "/v1/nodes/" + node + "?fields=uuid,owner", null);
        assertThat(tooOld.status()).isEqualTo(406);
        assertThat(at("1.81", "GET", "/v1/nodes?fields=shard", null).status()).isEqualTo(406);
        var ok = at("1.50", "GET", "/v1/nodes/" + node + "?fields=uuid,owner", null);
        assertThat(ok.status()).isEqualTo(200);
        assertThat(ok.body().has("owner")).isTrue();
        assertThat(ok.body().has("name")).isFalse();
        var listed = at("1.82", "GET", "/v1/nodes?fields=uuid,shard,fault,conductor", null);
        assertThat(listed.status()).isEqualTo(200);
        assertThat(listed.body().get("nodes").get(0).get("conductor").asText()).isEqualTo(ApiFixture.CONDUCTOR);
        assertThat(at("latest", "GET", "/v1/nodes/" + node + "?fields=bogus", null).status()).isEqualTo(400);
    }

    @Test
    void patchSetsReplacesAndRemovesEachField() {
        String node = api.createNode("patched");
        var set = patch("latest", node, "[{\"op\":\"add\",\"path\":\"/owner\",\"value\":\"o\"},"
                + "{\"op\":\"add\",\"path\":\"/lessee\",\"value\":\"l\"},"
                + "{\"op\":\"add\",\"path\":\"/description\",\"value\":\"desc\"},"
                + "{\"op\":\"add\",\"path\":\"/shard\",\"value\":\"east\"},"
                + "{\"op\":\"add\",\"path\":\"/network_data/links\",\"value\":[{\"id\":\"eth0\"}]}]");
        assertThat(set.status()).as(set.raw()).isEqualTo(200);
        assertThat(set.body().get("owner").asText()).isEqualTo("o");
        assertThat(set.body().get("lessee").asText()).isEqualTo("l");
        assertThat(set.body().get("description").asText()).isEqualTo("desc");
        assertThat(set.body().get("shard").asText()).isEqualTo("east");
        assertThat(set.body().get("network_data").get("links").get(0).get("id").asText()).isEqualTo("eth0");
        var removed = patch("latest", node, "[{\"op\":\"remove\",\"path\":\"/owner\"},"
                + "{\"op\":\"remove\",\"path\":\"/network_data\"},{\"op\":\"replace\",\"path\":\"/shard\",\"value\":null}]");
        assertThat(removed.status()).as(removed.raw()).isEqualTo(200);
        assertThat(removed.body().get("owner").isNull()).isTrue();
        assertThat(removed.body().get("lessee").asText()).isEqualTo("l");
        assertThat(removed.body().get("network_data")).isEqualTo(api.json.createObjectNode());
        assertThat(removed.body().get("shard").isNull()).isTrue();
    }

    @Test
    void badPatchesAre400Or406AndChangeNothing() {
        String node = api.createNode("refused");
        record Case(String version, String ops, int status, String fault) {
        }
        for (Case c : List.of(
                new Case("1.49", "[{\"op\":\"add\",\"path\":\"/owner\",\"value\":\"o\"}]", 406, "not acceptable"),
                new Case("1.81", "[{\"op\":\"add\",\"path\":\"/shard\",\"value\":\"s\"}]", 406, "not acceptable"),
                new Case("1.47", "[{\"op\":\"add\",\"path\":\"/protected\",\"value\":true}]", 406, "not acceptable"),
                new Case("1.82", "[{\"op\":\"add\",\"path\":\"/parent_node\",\"value\":\"" + UUID.randomUUID()
                        + "\"}]", 406, "not acceptable"),
                new Case("latest", "[{\"op\":\"add\",\"path\":\"/parent_node\",\"value\":\"" + UUID.randomUUID()
                        + "\"}]", 400, "Unable to apply the requested parent_node"),
                new Case("latest", "[{\"op\":\"add\",\"path\":\"/description\",\"value\":\"" + "x".repeat(4097)
                        + "\"}]", 400, "4096"),
                new Case("latest", "[{\"op\":\"add\",\"path\":\"/network_data\",\"value\":[1]}]", 400, "network_data"),
                new Case("latest", "[{\"op\":\"add\",\"path\":\"/owner\",\"value\":5}]", 400, "owner"),
                new Case("latest", "[{\"op\":\"add\",\"path\":\"/fault\",\"value\":\"clean failure\"}]", 400, "fault"),
                new Case("latest", "[{\"op\":\"add\",\"path\":\"/conductor\",\"value\":\"x\"}]", 400, "conductor"),
                new Case("latest", "[{\"op\":\"add\",\"path\":\"/boot_mode\",\"value\":\"uefi\"}]", 400, "boot_mode"))) {
            var reply = patch(c.version(), node, c.ops());
            String shown = c.ops().length() > 200 ? c.ops().substring(0, 200) : c.ops();
            assertThat(reply.status()).as(c.version() + " " + shown).isEqualTo(c.status());
            assertThat(api.faultOf(reply)).as(shown).containsIgnoringCase(c.fault());
        }
        JsonNode after = api.get("/v1/nodes/" + node).body();
        assertThat(after.get("owner").isNull()).isTrue();
        assertThat(after.get("description").isNull()).isTrue();
        // As Ironic, a patch with a falsy value for a newer field is not a use of it.
        assertThat(patch("1.47", node, "[{\"op\":\"replace\",\"path\":\"/protected\",\"value\":false}]").status())
                .isEqualTo(200);
    }

    @Test
    void protectionOnlyWhenActiveAndItBlocksUndeployRebuildAndDelete() {
        String node = api.createNode("guarded");
        var early = patch("latest", node, "[{\"op\":\"replace\",\"path\":\"/protected\",\"value\":true}]");
        assertThat(early.status()).isEqualTo(409);
        assertThat(api.faultOf(early)).contains("can only be made protected in provision states 'active' or"
                + " 'rescue', the current state is 'enroll'");
        var reasonOnly = patch("latest", node, "[{\"op\":\"add\",\"path\":\"/protected_reason\",\"value\":\"x\"}]");
        assertThat(reasonOnly.status()).isEqualTo(400);
        assertThat(api.faultOf(reasonOnly)).contains("protected_reason field can only be set when protected is True");

        provision(node, "manage");
        provision(node, "provide");
        provision(node, "active");
        var on = patch("latest", node, "[{\"op\":\"replace\",\"path\":\"/protected\",\"value\":true},"
                + "{\"op\":\"add\",\"path\":\"/protected_reason\",\"value\":\"production DB\"}]");
        assertThat(on.status()).as(on.raw()).isEqualTo(200);
        assertThat(on.body().get("protected").asBoolean()).isTrue();
        assertThat(on.body().get("protected_reason").asText()).isEqualTo("production DB");

        for (String target : List.of("deleted", "rebuild", "undeploy")) {
            var refused = at("latest", "PUT", "/v1/nodes/" + node + "/states/provision",
                    "{\"target\":\"" + target + "\"}");
            assertThat(refused.status()).as(target).isEqualTo(403);
            assertThat(api.faultOf(refused)).contains("is protected and cannot be undeployed, rebuilt or deleted");
        }
        var delete = api.delete("/v1/nodes/" + node);
        assertThat(delete.status()).isEqualTo(403);
        assertThat(api.get("/v1/nodes/" + node).body().get("provision_state").asText()).isEqualTo("active");

        var off = patch("latest", node, "[{\"op\":\"replace\",\"path\":\"/protected\",\"value\":false}]");
        assertThat(off.status()).isEqualTo(200);
        assertThat(off.body().get("protected_reason").isNull()).as("the reason goes with the flag").isTrue();
        provision(node, "deleted");
        assertThat(api.get("/v1/nodes/" + node).body().get("provision_state").asText()).isEqualTo("available");
    }

    @Test
    void retirementIsRefusedInAvailableAndARetiredNodeCannotBeProvided() {
        String node = api.createNode("old");
        provision(node, "manage");
        provision(node, "provide");
        var inAvailable = patch("latest", node, "[{\"op\":\"replace\",\"path\":\"/retired\",\"value\":true}]");
        assertThat(inAvailable.status()).isEqualTo(409);
        assertThat(api.faultOf(inAvailable)).contains("can not have 'retired' set in provision state 'available'");
        provision(node, "manage");
        var reasonOnly = patch("latest", node, "[{\"op\":\"add\",\"path\":\"/retired_reason\",\"value\":\"x\"}]");
        assertThat(reasonOnly.status()).isEqualTo(400);
        assertThat(api.faultOf(reasonOnly)).contains("retired_reason field can only be set when retired is True");
        var retired = patch("latest", node, "[{\"op\":\"replace\",\"path\":\"/retired\",\"value\":true},"
                + "{\"op\":\"add\",\"path\":\"/retired_reason\",\"value\":\"end of warranty\"}]");
        assertThat(retired.status()).as(retired.raw()).isEqualTo(200);
        assertThat(retired.body().get("retired_reason").asText()).isEqualTo("end of warranty");

        var provide = at("latest", "PUT", "/v1/nodes/" + node + "/states/provision", "{\"target\":\"provide\"}");
        assertThat(provide.status()).isEqualTo(400);
        assertThat(api.faultOf(provide)).contains("The providing operation can't be performed on node " + node
                + " because it is retired.");
        assertThat(api.get("/v1/nodes/" + node).body().get("provision_state").asText()).isEqualTo("manageable");

        var unretired = patch("latest", node, "[{\"op\":\"replace\",\"path\":\"/retired\",\"value\":\"false\"}]");
        assertThat(unretired.status()).isEqualTo(200);
        assertThat(unretired.body().get("retired_reason").isNull()).isTrue();
        provision(node, "provide");
    }

    @Test
    void listFiltersOnTheAttributesEachFromItsVersion() {
        String a = api.createNode("a");
        String b = api.createNode("b");
        String c = api.createNode("c");
        patch("latest", a, "[{\"op\":\"add\",\"path\":\"/owner\",\"value\":\"p1\"},"
                + "{\"op\":\"add\",\"path\":\"/shard\",\"value\":\"s1\"},"
                + "{\"op\":\"add\",\"path\":\"/description\",\"value\":\"GPU box in rack 7\"}]");
        patch("latest", b, "[{\"op\":\"add\",\"path\":\"/lessee\",\"value\":\"p1\"},"
                + "{\"op\":\"add\",\"path\":\"/shard\",\"value\":\"s2\"},"
                + "{\"op\":\"add\",\"path\":\"/conductor_group\",\"value\":\"west\"}]");
        edit(c, n -> n.maintenance(true).editAttributes(x -> x.withFault(Optional.of(Fault.CLEAN_FAILURE))));
        provision(c, "manage");
        patch("latest", c, "[{\"op\":\"replace\",\"path\":\"/retired\",\"value\":true}]");

        assertThat(names("owner=p1")).containsExactly("a");
        assertThat(names("lessee=p1")).containsExactly("b");
        assertThat(names("project=p1")).containsExactlyInAnyOrder("a", "b");
        assertThat(names("description_contains=rack")).containsExactly("a");
        assertThat(names("conductor_group=west")).containsExactly("b");
        assertThat(names("conductor_group=WEST")).containsExactly("b");
        assertThat(names("fault=clean%20failure")).containsExactly("c");
        assertThat(names("fault=power%20failure")).isEmpty();
        assertThat(names("retired=true")).containsExactly("c");
        assertThat(names("retired=false")).containsExactlyInAnyOrder("a", "b");
        assertThat(names("shard=s1")).containsExactly("a");
        assertThat(names("shard=s1,s2")).containsExactlyInAnyOrder("a", "b");
        assertThat(names("sharded=true")).containsExactlyInAnyOrder("a", "b");
        assertThat(names("sharded=false")).containsExactly("c");
        // The conductor serving b's group "west" is none: the only live conductor is in the default group.
        assertThat(names("conductor=" + ApiFixture.CONDUCTOR)).containsExactlyInAnyOrder("a", "c");
        assertThat(names("conductor=elsewhere")).isEmpty();
        assertThat(api.get("/v1/nodes/b").body().get("conductor").isNull()).isTrue();
        var detail = api.get("/v1/nodes/detail?owner=p1");
        assertThat(detail.body().get("nodes")).hasSize(1);

        var badFault = api.get("/v1/nodes?fault=on%20fire");
        assertThat(badFault.status()).isEqualTo(400);
        assertThat(api.faultOf(badFault)).contains("Unrecognized fault \"on fire\" is specified, allowed faults are");
        record Gate(String version, String query, int minor) {
        }
        for (Gate g : List.of(new Gate("1.41", "fault=clean%20failure", 42), new Gate("1.45", "conductor_group=x", 46),
                new Gate("1.48", "conductor=x", 49), new Gate("1.49", "owner=x", 50), new Gate("1.64", "lessee=x", 65),
                new Gate("1.81", "shard=x", 82), new Gate("1.81", "sharded=true", 82))) {
            var reply = at(g.version(), "GET", "/v1/nodes?" + g.query(), null);
            assertThat(reply.status()).as(g.query()).isEqualTo(406);
            assertThat(api.faultOf(reply)).contains("The minimal required API version should be 1." + g.minor());
        }
    }

    @Test
    void conductorGroupsAreCheckedAndLowercasedAsIronicKeepsThem() {
        var created = api.post("/v1/nodes", "{\"driver\":\"fake-hardware\",\"conductor_group\":\"Rack-1.A_b\"}");
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.body().get("conductor_group").asText()).isEqualTo("rack-1.a_b");
        var bad = api.post("/v1/nodes", "{\"driver\":\"fake-hardware\",\"conductor_group\":\"rack 1\"}");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(api.faultOf(bad)).contains("Expected a conductor group but received rack 1");
        String node = created.body().get("uuid").asText();
        var patched = patch("latest", node, "[{\"op\":\"replace\",\"path\":\"/conductor_group\",\"value\":\"WEST\"}]");
        assertThat(patched.body().get("conductor_group").asText()).isEqualTo("west");
        assertThat(patch("latest", node, "[{\"op\":\"replace\",\"path\":\"/conductor_group\",\"value\":\"a/b\"}]")
                .status()).isEqualTo(400);
    }

    @Test
    void leavingMaintenanceClearsTheFault() {
        String node = api.createNode("faulty");
        edit(node, n -> n.maintenance(true).maintenanceReason("power sync failed")
                .editAttributes(x -> x.withFault(Optional.of(Fault.POWER_FAILURE))));
        assertThat(api.get("/v1/nodes/" + node).body().get("fault").asText()).isEqualTo("power failure");
        assertThat(at("1.41", "GET", "/v1/nodes/" + node, null).body().has("fault")).isFalse();
        assertThat(api.delete("/v1/nodes/" + node + "/maintenance").status()).isEqualTo(202);
        JsonNode after = api.get("/v1/nodes/" + node).body();
        assertThat(after.get("maintenance").asBoolean()).isFalse();
        assertThat(after.get("fault").isNull()).isTrue();
    }

    private List<String> names(String query) {
        var reply = api.get("/v1/nodes?" + query);
        assertThat(reply.status()).as(query + " " + reply.raw()).isEqualTo(200);
        List<String> names = new ArrayList<>();
        reply.body().get("nodes").forEach(n -> names.add(n.get("name").asText()));
        return names;
    }
}
