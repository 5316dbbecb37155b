package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.driver.DriverConfig;
import dev.ferrum.conductor.driver.DriverRegistry;
import dev.ferrum.conductor.driver.InterfaceCatalog;
import dev.ferrum.conductor.driver.hardware.HardwareTypes;
import dev.ferrum.conductor.flow.RegistryDriverCatalog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ironic's microversion gating of nodes, ports, traits and drivers as old and new clients meet it: a field
 * or filter newer than the request is 406 (an unknown one 400), nodes created before enroll existed start
 * available, trait calls before 1.37 answer as Ironic's older releases did, and the limits and identifiers
 * Ironic checks are 400. Runs on the real hardware types, so fake-hardware's defaults are Ironic's.
 */
class NodeVersionGatingConformanceTest {
    @TempDir
    Path temp;
    ApiFixture api;

    @BeforeEach
    void start() {
        var registry = new DriverRegistry(DriverConfig.of(List.of("fake-hardware", "manual-management"),
                ApiFixture.CONDUCTOR), HardwareTypes.builtIn(), InterfaceCatalog.withFakesAndNoops());
        api = new ApiFixture(temp, new ApiConfig(ApiConfig.SUPPORTED, new ApiAuth.Tokens(List.of(ApiFixture.TOKEN)),
                1 << 16, ApiFixture.CONDUCTOR, true), new RegistryDriverCatalog(registry));
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private ApiFixture.Reply at(String version, String method, String path, String body) {
        return api.send(method, path, Optional.ofNullable(body), version);
    }

    private ApiFixture.Reply get(String version, String path) {
        return at(version, "GET", path, null);
    }

    @Test
    void fieldsNewerThanTheRequestAre406AndUnknownOnes400() {
        String uuid = api.createNode("gated");
        assertThat(get("1.7", "/v1/nodes/" + uuid + "?fields=uuid").status()).isEqualTo(406);
        assertThat(get("1.8", "/v1/nodes/" + uuid + "?fields=uuid").status()).isEqualTo(200);
        assertThat(get("1.4", "/v1/nodes/" + uuid + "?fields=uuid,name").status()).isEqualTo(406);
        assertThat(get("1.36", "/v1/nodes?fields=uuid,traits").status()).isEqualTo(406);
        assertThat(get("1.20", "/v1/nodes?fields=resource_class").status()).isEqualTo(406);
        assertThat(get("1.30", "/v1/nodes?fields=boot_interface").status()).isEqualTo(406);
        assertThat(get("1.31", "/v1/nodes?fields=boot_interface").body().get("nodes").get(0)
                .get("boot_interface").asText()).isEqualTo("fake");
        var unknown = get("latest", "/v1/nodes?fields=uuid,bogus");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(api.faultOf(unknown)).contains("bogus");
        // Newer beats unknown, as Ironic checks the version first.
        assertThat(get("1.4", "/v1/nodes?fields=bogus,name").status()).isEqualTo(406);
        String port = api.post("/v1/ports", "{\"node_uuid\":\"" + uuid + "\",\"address\":\"52:54:00:00:00:21\"}")
                .body().get("uuid").asText();
        assertThat(get("1.33", "/v1/ports/" + port + "?fields=physical_network").status()).isEqualTo(406);
        assertThat(get("1.23", "/v1/ports?fields=portgroup_uuid").status()).isEqualTo(406);
        assertThat(get("1.52", "/v1/ports?fields=is_smartnic").status()).isEqualTo(406);
        assertThat(get("1.53", "/v1/ports?fields=is_smartnic").status()).isEqualTo(200);
        assertThat(get("latest", "/v1/ports?fields=bogus").status()).isEqualTo(400);
    }

    @Test
    void filtersNewerThanTheRequestAre406() {
        api.createNode("filtered");
        for (String[] gate : new String[][] {{"provision_state=enroll", "1.9"}, {"driver=fake-hardware", "1.16"},
                {"resource_class=x", "1.21"}, {"fault=power%20failure", "1.42"}, {"conductor_group=x", "1.46"},
                {"conductor=x", "1.49"}, {"owner=x", "1.50"}, {"lessee=x", "1.65"}, {"shard=x", "1.82"}}) {
            int minor = Integer.parseInt(gate[1].substring(2));
            var below = get("1." + (minor - 1), "/v1/nodes?" + gate[0]);
            assertThat(below.status()).as(gate[0] + " below " + gate[1]).isEqualTo(406);
            assertThat(api.faultOf(below)).contains("1." + minor);
            assertThat(get(gate[1], "/v1/nodes?" + gate[0]).status()).as(gate[0] + " at " + gate[1]).isEqualTo(200);
        }
        assertThat(get("1.20", "/v1/nodes?sort_key=resource_class").status()).isEqualTo(406);
        assertThat(get("1.21", "/v1/nodes?sort_key=resource_class").status()).isEqualTo(200);
        // 1.83's child-node parameters; instance_name (1.104) lies past the versions served here.
        assertThat(get("1.82", "/v1/nodes?include_children=true").status()).isEqualTo(406);
        assertThat(get("1.83", "/v1/nodes?include_children=true").status()).isEqualTo(200);
        assertThat(get("latest", "/v1/nodes?instance_name=x").status()).isEqualTo(406);
        assertThat(get("1.23", "/v1/ports?portgroup=x").status()).isEqualTo(406);
        assertThat(get("1.29", "/v1/drivers?type=dynamic").status()).isEqualTo(406);
        assertThat(get("1.29", "/v1/drivers?detail=true").status()).isEqualTo(406);
        assertThat(get("1.76", "/v1/drivers?fields=name").status()).isEqualTo(406);
        assertThat(get("1.59", "/v1/allocations?owner=x").status()).isEqualTo(406);
    }

    @Test
    void fieldsSetBelowTheirVersionAre406() {
        assertThat(at("1.20", "POST", "/v1/nodes", "{\"driver\":\"fake-hardware\",\"resource_class\":\"gold\"}")
                .status()).isEqualTo(406);
        assertThat(at("1.4", "POST", "/v1/nodes", "{\"driver\":\"fake-hardware\",\"name\":\"early\"}").status())
                .isEqualTo(406);
        assertThat(at("1.30", "POST", "/v1/nodes", "{\"driver\":\"fake-hardware\",\"boot_interface\":\"fake\"}")
                .status()).isEqualTo(406);
        assertThat(at("1.36", "POST", "/v1/nodes", "{\"driver\":\"fake-hardware\",\"traits\":[]}").status())
                .isEqualTo(406);
        // From 1.37 traits are known, but never set on create.
        assertThat(at("1.37", "POST", "/v1/nodes", "{\"driver\":\"fake-hardware\",\"traits\":[\"CUSTOM_A\"]}")
                .status()).isEqualTo(400);
        // An explicit null name and an empty conductor group were always taken.
        var old = at("1.1", "POST", "/v1/nodes", "{\"driver\":\"fake-hardware\",\"name\":null,\"conductor_group\":\"\"}");
        assertThat(old.status()).isEqualTo(201);
        String uuid = old.body().get("uuid").asText();

        assertThat(at("1.20", "PATCH", "/v1/nodes/" + uuid,
                "[{\"op\":\"add\",\"path\":\"/resource_class\",\"value\":\"gold\"}]").status()).isEqualTo(406);
        assertThat(at("1.45", "PATCH", "/v1/nodes/" + uuid,
                "[{\"op\":\"replace\",\"path\":\"/conductor_group\",\"value\":\"rack1\"}]").status()).isEqualTo(406);
        // A patch that sets nothing (remove, or a false value) passes, as Ironic only looks at set values.
        assertThat(at("1.20", "PATCH", "/v1/nodes/" + uuid,
                "[{\"op\":\"remove\",\"path\":\"/resource_class\"}]").status()).isEqualTo(200);
        assertThat(at("1.21", "PATCH", "/v1/nodes/" + uuid,
                "[{\"op\":\"add\",\"path\":\"/resource_class\",\"value\":\"gold\"}]").status()).isEqualTo(200);
    }

    @Test
    void nodesCreatedBeforeEnrollStartAvailableAndOneOneShowsItAsNoState() {
        var old = at("1.10", "POST", "/v1/nodes", "{\"driver\":\"fake-hardware\",\"name\":\"old-client\"}");
        assertThat(old.status()).isEqualTo(201);
        assertThat(old.body().get("provision_state").asText()).isEqualTo("available");
        String uuid = old.body().get("uuid").asText();
        var oneOne = get("1.1", "/v1/nodes/" + uuid);
        assertThat(oneOne.body().has("provision_state")).isTrue();
        assertThat(oneOne.body().get("provision_state").isNull()).isTrue();
        assertThat(get("1.1", "/v1/nodes/" + uuid + "/states").body().get("provision_state").isNull()).isTrue();
        assertThat(get("1.2", "/v1/nodes/" + uuid).body().get("provision_state").asText()).isEqualTo("available");
        var modern = at("1.11", "POST", "/v1/nodes", "{\"driver\":\"fake-hardware\"}");
        assertThat(modern.body().get("provision_state").asText()).isEqualTo("enroll");
    }

    @Test
    void traitCallsBelow137AnswerAsIronicsOlderReleases() {
        String uuid = api.createNode("traited");
        String traits = "/v1/nodes/" + uuid + "/traits";
        assertThat(get("1.36", traits).status()).isEqualTo(406);
        assertThat(at("1.36", "PUT", traits, "{\"traits\":[\"CUSTOM_A\"]}").status()).isEqualTo(405);
        assertThat(at("1.36", "PUT", traits + "/CUSTOM_A", null).status()).isEqualTo(405);
        assertThat(at("1.36", "DELETE", traits, null).status()).isEqualTo(404);
        assertThat(at("1.36", "DELETE", traits + "/CUSTOM_A", null).status()).isEqualTo(404);
        assertThat(at("1.37", "PUT", traits + "/CUSTOM_A", null).status()).isEqualTo(204);
        assertThat(get("1.37", traits).body().get("traits").get(0).asText()).isEqualTo("CUSTOM_A");
    }

    @Test
    void ironicsLimitsAre400() {
        String uuid = api.createNode("limited");
        String eighty = "R".repeat(80);
        assertThat(api.patch("/v1/nodes/" + uuid, "[{\"op\":\"add\",\"path\":\"/resource_class\",\"value\":\"" + eighty
                + "\"}]").status()).isEqualTo(200);
        assertThat(api.patch("/v1/nodes/" + uuid, "[{\"op\":\"add\",\"path\":\"/resource_class\",\"value\":\"" + eighty
                + "X\"}]").status()).isEqualTo(400);
        assertThat(api.post("/v1/nodes", "{\"driver\":\"fake-hardware\",\"resource_class\":\"" + eighty + "X\"}")
                .status()).isEqualTo(400);

        List<String> fifty = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            fifty.add("\"CUSTOM_T" + i + "\"");
        }
        String traits = "/v1/nodes/" + uuid + "/traits";
        assertThat(api.put(traits, "{\"traits\":[" + String.join(",", fifty) + "]}").status()).isEqualTo(204);
        var fiftyOne = api.put(traits + "/CUSTOM_ONE_MORE", "");
        assertThat(fiftyOne.status()).isEqualTo(400);
        assertThat(api.faultOf(fiftyOne)).contains("(51 vs. 50)");
        fifty.add("\"CUSTOM_T50\"");
        assertThat(api.put(traits, "{\"traits\":[" + String.join(",", fifty) + "]}").status()).isEqualTo(400);
        assertThat(api.get(traits).body().get("traits")).hasSize(50);
    }

    @Test
    void portFieldsSetBelowTheirVersionAre406() {
        String uuid = api.createNode("port-gated");
        String base = "{\"node_uuid\":\"" + uuid + "\",\"address\":\"52:54:00:00:00:41\"";
        assertThat(at("1.33", "POST", "/v1/ports", base + ",\"physical_network\":\"physnet1\"}").status())
                .isEqualTo(406);
        assertThat(at("1.18", "POST", "/v1/ports", base + ",\"pxe_enabled\":true}").status()).isEqualTo(406);
        assertThat(at("1.18", "POST", "/v1/ports", base + ",\"local_link_connection\":{}}").status()).isEqualTo(406);
        assertThat(at("1.52", "POST", "/v1/ports", base + ",\"is_smartnic\":false}").status()).isEqualTo(406);
        var created = at("1.34", "POST", "/v1/ports", base + ",\"physical_network\":\"physnet1\"}");
        assertThat(created.status()).isEqualTo(201);
        String port = created.body().get("uuid").asText();
        // Removing counts as setting, as Ironic checks removed paths too.
        assertThat(at("1.33", "PATCH", "/v1/ports/" + port, "[{\"op\":\"remove\",\"path\":\"/physical_network\"}]")
                .status()).isEqualTo(406);
        assertThat(at("1.18", "PATCH", "/v1/ports/" + port,
                "[{\"op\":\"replace\",\"path\":\"/pxe_enabled\",\"value\":false}]").status()).isEqualTo(406);
        assertThat(at("1.34", "PATCH", "/v1/ports/" + port, "[{\"op\":\"remove\",\"path\":\"/physical_network\"}]")
                .status()).isEqualTo(200);
    }

    @Test
    void portsAreAddressedByUuidOnly() {
        String uuid = api.createNode("ported");
        String port = api.post("/v1/ports", "{\"node_uuid\":\"" + uuid + "\",\"address\":\"52:54:00:00:00:31\"}")
                .body().get("uuid").asText();
        for (String ident : List.of("52:54:00:00:00:31", "not-a-uuid", port.substring(1))) {
            var reply = api.get("/v1/ports/" + ident);
            assertThat(reply.status()).as(ident).isEqualTo(400);
            assertThat(api.faultOf(reply)).contains(ident);
            assertThat(api.patch("/v1/ports/" + ident, "[{\"op\":\"add\",\"path\":\"/extra/a\",\"value\":\"b\"}]")
                    .status()).as(ident).isEqualTo(400);
            assertThat(api.delete("/v1/ports/" + ident).status()).as(ident).isEqualTo(400);
        }
        assertThat(api.get("/v1/ports/" + port).status()).isEqualTo(200);
        assertThat(api.get("/v1/ports/" + port.replace("-", "")).status()).isEqualTo(200);
    }

    @Test
    void fakeHardwareTakesIronicsDefaults() {
        var created = api.post("/v1/nodes", "{\"driver\":\"fake-hardware\",\"name\":\"faked\"}");
        for (String slot : List.of("bios", "boot", "console", "deploy", "inspect", "management", "power", "raid",
                "rescue", "vendor")) {
            assertThat(created.body().get(slot + "_interface").asText()).as(slot).isEqualTo("fake");
        }
        assertThat(created.body().get("network_interface").asText()).isEqualTo("noop");
        assertThat(created.body().get("storage_interface").asText()).isEqualTo("noop");
        String uuid = created.body().get("uuid").asText();
        assertThat(api.patch("/v1/nodes/" + uuid, "[{\"op\":\"replace\",\"path\":\"/console_interface\","
                + "\"value\":\"no-console\"}]").body().get("console_interface").asText()).isEqualTo("no-console");
        assertThat(api.patch("/v1/nodes/" + uuid, "[{\"op\":\"remove\",\"path\":\"/console_interface\"}]").body()
                .get("console_interface").asText()).isEqualTo("fake");
        api.patch("/v1/nodes/" + uuid, "[{\"op\":\"replace\",\"path\":\"/console_interface\",\"value\":\"no-console\"}]");
        assertThat(api.patch("/v1/nodes/" + uuid, "[{\"op\":\"replace\",\"path\":\"/console_interface\","
                + "\"value\":null}]").body().get("console_interface").asText()).isEqualTo("fake");
        var device = api.get("/v1/nodes/" + uuid + "/management/boot_device").body();
        assertThat(device.get("boot_device").asText()).isEqualTo("pxe");
        assertThat(device.get("persistent").asBoolean()).isFalse();
    }
}
