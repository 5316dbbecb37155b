package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The rules API and the rest of inspector's introspection API on a conductor: rules run after the hooks on each
 * report and on reprocessing, their matches and actions land in the history, and list and abort work as
 * inspector's do.
 */
class InspectionRulesFlowTest {
    private static final String BIG_DISK_RULE = """
            {"description": "big disks are storage",
             "conditions": [{"op": "ge", "field": "inventory.disks[*].size", "value": 200000000000}],
             "actions": [{"action": "set-resource-class", "resource_class": "storage"},
                         {"action": "add-trait", "name": "CUSTOM_BIG_DISK"}]}""";

    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private final FlowFixture conductor = flow.start(FlowConfig.defaults());

    private UUID waitingNode(String bmc) {
        return InspectionReports.waitingNode(conductor, ",\"driver_info\":{\"ipmi_address\":\"" + bmc + "\"}");
    }

    private int report(String bmc) throws Exception {
        return report(bmc, Optional.empty());
    }

    private int report(String bmc, Optional<JsonNode> lldp) throws Exception {
        return InspectionReports.postContinue(conductor, InspectionReports.ipaReport(conductor, bmc, lldp).toString())
                .statusCode();
    }

    private FlowFixture.Reply delete(String path) {
        return conductor.send("DELETE", path, Optional.empty(), Optional.of("latest"));
    }

    @Test
    void rulesAreCreatedListedShownAndDeleted() {
        var created = conductor.expect(201, conductor.post("/v1/rules", BIG_DISK_RULE, "latest"));
        String uuid = created.body().get("uuid").asText();
        assertThat(created.body().path("links").get(0).path("href").asText()).endsWith("/v1/rules/" + uuid);
        assertThat(created.body().path("conditions").get(0).path("multiple").asText()).isEqualTo("any");

        var list = conductor.expect(200, conductor.get("/v1/rules", "latest"));
        assertThat(list.body().path("rules").findValuesAsText("uuid")).containsExactly(uuid);
        var shown = conductor.expect(200, conductor.get("/v1/rules/" + uuid, "latest"));
        assertThat(shown.body().path("actions")).isEqualTo(created.body().path("actions"));
        conductor.expect(409, conductor.post("/v1/rules", "{\"uuid\":\"" + uuid + "\","
                + "\"actions\":[{\"action\":\"fail\",\"message\":\"m\"}]}", "latest"));

        conductor.expect(204, delete("/v1/rules/" + uuid));
        conductor.expect(404, conductor.get("/v1/rules/" + uuid, "latest"));
        conductor.expect(201, conductor.post("/v1/rules", BIG_DISK_RULE, "latest"));
        conductor.expect(204, delete("/v1/rules"));
        assertThat(conductor.expect(200, conductor.get("/v1/rules", "latest")).body().path("rules")).isEmpty();
    }

    @Test
    void aBadRuleIs400NamingTheBadPartAndNothingIsStored() {
        var refused = conductor.expect(400, conductor.post("/v1/rules", """
                {"conditions": [{"op": "eq", "field": "memory_mb", "value": 1},
                                {"op": "about", "field": "memory_mb", "value": 1}],
                 "actions": [{"action": "fail", "message": "m"}]}""", "latest"));
        assertThat(conductor.fault(refused)).contains("conditions[1]").contains("\"about\"");
        assertThat(conductor.expect(200, conductor.get("/v1/rules", "latest")).body().path("rules")).isEmpty();
    }

    @Test
    void aRuleAssignsResourceClassAndTraitFromTheInspectedDiskAndTheHistorySaysSo() throws Exception {
        conductor.expect(201, conductor.post("/v1/rules", BIG_DISK_RULE, "latest"));
        conductor.expect(201, conductor.post("/v1/rules", """
                {"conditions": [{"op": "lt", "field": "inventory.disks[*].size", "value": 1000}],
                 "actions": [{"action": "add-trait", "name": "CUSTOM_TINY"}]}""", "latest"));
        UUID node = waitingNode("192.0.2.31");

        assertThat(report("192.0.2.31")).isEqualTo(200);

        Node inspected = conductor.await(node, ProvisionState.MANAGEABLE);
        assertThat(inspected.resourceClass()).contains("storage");
        assertThat(inspected.traits()).containsExactly("CUSTOM_BIG_DISK");
        assertThat(conductor.store.history().list(node)).filteredOn(e -> e.event().equals("inspection rule"))
                .extracting(NodeEvent::message).hasSize(3)
                .anySatisfy(m -> assertThat(m).contains("\"big disks are storage\"").endsWith("matched"))
                .anySatisfy(m -> assertThat(m).endsWith("applied add-trait CUSTOM_BIG_DISK"));
        assertThat(conductor.store.history().list(node)).filteredOn(e -> e.event().equals("inspection.received"))
                .singleElement().satisfies(e -> assertThat(e.message()).contains("-> storage")
                        .contains("trait CUSTOM_BIG_DISK added"));
    }

    @Test
    void aFailingRuleFailsTheInspectionWithItsMessage() throws Exception {
        conductor.expect(201, conductor.post("/v1/rules", """
                {"description": "no rotational disks",
                 "conditions": [{"op": "eq", "field": "inventory.disks[*].rotational", "value": true}],
                 "actions": [{"action": "fail", "message": "replace the spinning disk"}]}""", "latest"));
        UUID node = waitingNode("192.0.2.32");

        assertThat(report("192.0.2.32")).isEqualTo(400);

        Node failed = conductor.await(node, ProvisionState.INSPECT_FAILED);
        assertThat(failed.lastError()).hasValueSatisfying(e -> assertThat(e).contains("no rotational disks")
                .contains("replace the spinning disk"));
        var status = conductor.expect(200, conductor.get("/v1/introspection/" + node, "latest"));
        assertThat(status.body().path("state").asText()).isEqualTo("error");
        assertThat(status.body().path("error").asText()).contains("replace the spinning disk");
    }

    @Test
    void reprocessingAppliesRulesCreatedAfterTheInspectionWithoutRebooting() throws Exception {
        UUID node = waitingNode("192.0.2.33");
        assertThat(report("192.0.2.33")).isEqualTo(200);
        conductor.await(node, ProvisionState.MANAGEABLE);
        int bootsBefore = conductor.boot.calls().size();
        conductor.expect(201, conductor.post("/v1/rules", BIG_DISK_RULE, "latest"));

        conductor.expect(202, conductor.post("/v1/introspection/" + node + "/data/unprocessed", "", "latest"));

        Node reprocessed = conductor.store.nodes().get(node);
        assertThat(reprocessed.provisionState()).isEqualTo(ProvisionState.MANAGEABLE);
        assertThat(reprocessed.resourceClass()).contains("storage");
        assertThat(reprocessed.traits()).contains("CUSTOM_BIG_DISK");
        assertThat(conductor.boot.calls()).hasSize(bootsBefore);
        UUID never = UUID.fromString(conductor.expect(201, conductor.post("/v1/nodes",
                "{\"driver\":\"fake-hardware\"}", "latest")).body().get("uuid").asText());
        conductor.expect(404, conductor.post("/v1/introspection/" + never + "/data/unprocessed", "", "latest"));
    }

    @Test
    void theListPagesAndFiltersByStateAndAbortEndsAWaitingIntrospection() throws Exception {
        UUID done = waitingNode("192.0.2.34");
        assertThat(report("192.0.2.34")).isEqualTo(200);
        conductor.await(done, ProvisionState.MANAGEABLE);
        UUID waiting = waitingNode("192.0.2.35");

        var all = conductor.expect(200, conductor.get("/v1/introspection", "latest"));
        assertThat(all.body().path("introspection").findValuesAsText("uuid"))
                .containsExactlyInAnyOrder(done.toString(), waiting.toString());
        var firstPage = conductor.expect(200, conductor.get("/v1/introspection?limit=1", "latest"));
        assertThat(firstPage.body().path("introspection")).hasSize(1);
        String first = firstPage.body().path("introspection").get(0).path("uuid").asText();
        var secondPage = conductor.expect(200, conductor.get("/v1/introspection?limit=1&marker=" + first, "latest"));
        assertThat(secondPage.body().path("introspection").findValuesAsText("uuid")).doesNotContain(first).hasSize(1);
        var finished = conductor.expect(200, conductor.get("/v1/introspection?state=finished", "latest"));
        assertThat(finished.body().path("introspection").findValuesAsText("uuid")).containsExactly(done.toString());

        conductor.expect(202, conductor.post("/v1/introspection/" + waiting + "/abort", "", "latest"));
        conductor.await(waiting, ProvisionState.INSPECT_FAILED);
        var status = conductor.expect(200, conductor.get("/v1/introspection/" + waiting, "latest"));
        assertThat(status.body().path("finished").asBoolean()).isTrue();
        assertThat(status.body().path("state").asText()).isEqualTo("error");
        conductor.expect(400, conductor.post("/v1/introspection/" + done + "/abort", "", "latest"));
    }

    @Test
    void lldpFillsThePortsLocalLinkConnectionAndARuleCanMatchTheSwitch() throws Exception {
        conductor.expect(201, conductor.post("/v1/rules", """
                {"conditions": [{"op": "eq", "field": "all_interfaces.*.lldp_processed.switch_system_name",
                                 "value": "leaf-01"}],
                 "actions": [{"action": "set-attribute", "path": "/extra/rack", "value": "leaf-01"}]}""", "latest"));
        UUID node = waitingNode("192.0.2.36");

        assertThat(report("192.0.2.36", Optional.of(dev.ferrum.conductor.inspection.hooks.LldpTlvsTest.leafFrame())))
                .isEqualTo(200);

        Node inspected = conductor.await(node, ProvisionState.MANAGEABLE);
        var port = conductor.store.ports().listByNode(node).getFirst();
        assertThat(port.localLinkConnection().toObjectNode().toString()).isEqualTo("{\"switch_id\":"
                + "\"00:1c:73:aa:bb:cc\",\"port_id\":\"Ethernet7\",\"switch_info\":\"leaf-01\"}");
        var data = conductor.expect(200, conductor.get("/v1/introspection/" + node + "/data", "latest"));
        assertThat(data.body().path("all_interfaces").path("eth0").path("lldp_processed")
                .path("switch_port_vlans").get(0).path("name").asText()).isEqualTo("prov");
        assertThat(inspected.extra().string("rack")).contains("leaf-01");
    }
}
