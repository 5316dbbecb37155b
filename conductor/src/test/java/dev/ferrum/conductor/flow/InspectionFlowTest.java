package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.store.IntrospectionDataKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.port.Port;
import dev.ferrum.conductor.state.ProvisionState;
import java.net.http.HttpResponse;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** In-band inspection: inspect boots the ramdisk, the report to /v1/continue fills the node and its ports. */
class InspectionFlowTest {
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private final FlowFixture conductor = flow.start(FlowConfig.defaults());

    private UUID waitingNode(String fields) {
        UUID node = InspectionReports.waitingNode(conductor, ",\"name\":\"insp\"" + fields);
        assertThat(conductor.boot.calls()).contains(node + " ramdisk INSPECT");
        return node;
    }

    private HttpResponse<String> postContinue(String body) throws Exception {
        return InspectionReports.postContinue(conductor, body);
    }

    private ObjectNode ipaReport(String bmc) {
        return InspectionReports.ipaReport(conductor, bmc, java.util.Optional.empty());
    }

    @Test
    void theIpaReportFillsMissingPropertiesCreatesThePortAndEndsManageable() throws Exception {
        UUID node = waitingNode(",\"driver_info\":{\"ipmi_address\":\"192.0.2.10\"},\"properties\":{\"cpus\":\"8\"}");

        HttpResponse<String> answer = postContinue(ipaReport("192.0.2.10").toString());

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(conductor.json.readTree(answer.body()).get("uuid").asText()).isEqualTo(node.toString());
        Node inspected = conductor.await(node, ProvisionState.MANAGEABLE);
        assertThat(inspected.properties().string("cpus")).contains("8");
        assertThat(inspected.properties().string("cpu_arch")).contains("x86_64");
        assertThat(inspected.properties().string("memory_mb")).contains("24576");
        assertThat(inspected.properties().string("local_gb")).contains("255");
        assertThat(inspected.properties().string("capabilities"))
                .contains("cpu_aes:true,cpu_hugepages:true,cpu_hugepages_1g:true");
        assertThat(inspected.powerState()).contains(PowerState.POWER_OFF);
        assertThat(inspected.inspectionFinishedAt()).isPresent();
        assertThat(conductor.store.ports().listByNode(node)).extracting(Port::address)
                .extracting(mac -> mac.value()).containsExactly("02:fc:00:00:00:01");
        assertThat(conductor.store.introspection().load(node, IntrospectionDataKind.PROCESSED)).isPresent();

        var status = conductor.expect(200, conductor.get("/v1/introspection/" + node, "latest"));
        assertThat(status.body().get("finished").asBoolean()).isTrue();
        assertThat(status.body().get("error").isNull()).isTrue();
        assertThat(status.body().get("state").asText()).isEqualTo("finished");
    }

    @Test
    void theDataViewShowsWhatTheRamdiskSentAndWhatTheHooksMadeOfIt() throws Exception {
        UUID node = waitingNode(",\"driver_info\":{\"ipmi_address\":\"192.0.2.13\"}");
        conductor.expect(404, conductor.get("/v1/introspection/" + node + "/data", "latest"));

        ObjectNode report = ipaReport("192.0.2.13");
        assertThat(postContinue(report.toString()).statusCode()).isEqualTo(200);
        conductor.await(node, ProvisionState.MANAGEABLE);

        var unprocessed = conductor.expect(200, conductor.get("/v1/introspection/" + node + "/data/unprocessed", "latest"));
        assertThat(unprocessed.body().get("inventory")).isEqualTo(report.get("inventory"));
        var processed = conductor.expect(200, conductor.get("/v1/introspection/" + node + "/data", "latest"));
        assertThat(processed.body().path("all_interfaces").findValuesAsText("mac")).contains("02:fc:00:00:00:01");
        assertThat(processed.body().path("root_disk").path("name").asText()).isNotBlank();
        assertThat(processed.body().get("inventory")).as("stored as ironic-inspector does: the report and the hooks' keys")
                .isEqualTo(report.get("inventory"));
        conductor.expect(404, conductor.get("/v1/introspection/" + UUID.randomUUID() + "/data", "latest"));
    }

    @Test
    void onceTheNodeWasLookedUpOnlyTheTokenHolderMayReportAndTheTokenIsNotStored() throws Exception {
        UUID node = waitingNode(",\"driver_info\":{\"ipmi_address\":\"192.0.2.14\"}");
        conductor.expect(201, conductor.post("/v1/ports", "{\"address\":\"02:fc:00:00:00:01\",\"node_uuid\":\"" + node
                + "\"}", "latest"));
        var lookup = conductor.expect(200, conductor.get("/v1/lookup?addresses=02:fc:00:00:00:01", "1.68"));
        String token = lookup.body().path("config").path("agent_token").asText();
        assertThat(token).isNotBlank();

        HttpResponse<String> untokened = postContinue(ipaReport("192.0.2.14").toString());
        ObjectNode forged = ipaReport("192.0.2.14");
        forged.put("agent_token", "not-" + token);
        HttpResponse<String> wrongToken = postContinue(forged.toString());

        assertThat(untokened.statusCode()).isEqualTo(401);
        assertThat(wrongToken.statusCode()).isEqualTo(401);
        assertThat(conductor.json.readTree(untokened.body()).path("error").path("message").asText())
                .isEqualTo("Invalid or missing agent token received.");
        assertThat(conductor.store.nodes().get(node).provisionState()).isEqualTo(ProvisionState.INSPECT_WAIT);
        assertThat(conductor.store.introspection().load(node, IntrospectionDataKind.UNPROCESSED)).isEmpty();

        ObjectNode genuine = ipaReport("192.0.2.14");
        genuine.put("agent_token", token);
        assertThat(postContinue(genuine.toString()).statusCode()).isEqualTo(200);
        conductor.await(node, ProvisionState.MANAGEABLE);
        assertThat(conductor.store.introspection().load(node, IntrospectionDataKind.UNPROCESSED).orElseThrow()
                .toObjectNode().has("agent_token")).as("the token is checked, never stored").isFalse();
    }

    @Test
    void aDiscoverdReportFindsTheNodeByMac() throws Exception {
        UUID node = waitingNode("");
        conductor.expect(201, conductor.post("/v1/ports", "{\"address\":\"52:54:00:12:34:56\",\"node_uuid\":\"" + node
                + "\"}", "latest"));
        HttpResponse<String> answer = postContinue("{\"cpus\":4,\"cpu_arch\":\"x86_64\",\"memory_mb\":8192,"
                + "\"local_gb\":40,\"interfaces\":{\"eth0\":{\"mac\":\"52:54:00:12:34:56\",\"ip\":\"192.0.2.5\"}}}");
        assertThat(answer.statusCode()).isEqualTo(200);
        Node inspected = conductor.await(node, ProvisionState.MANAGEABLE);
        assertThat(inspected.properties().string("cpus")).contains("4");
        assertThat(inspected.properties().string("local_gb")).contains("40");
    }

    @Test
    void aReportForNoNodeUnderInspectionIs400AndARamdiskErrorFailsTheNode() throws Exception {
        HttpResponse<String> unknown = postContinue(ipaReport("0.0.0.0").toString());
        assertThat(unknown.statusCode()).isEqualTo(400);
        assertThat(conductor.json.readTree(unknown.body()).path("error").path("message").asText())
                .contains("Could not find a node");

        UUID node = waitingNode(",\"driver_info\":{\"ipmi_address\":\"192.0.2.11\"}");
        ObjectNode failing = ipaReport("192.0.2.11");
        failing.put("error", "no disks found");
        assertThat(postContinue(failing.toString()).statusCode()).isEqualTo(400);
        Node failed = conductor.await(node, ProvisionState.INSPECT_FAILED);
        assertThat(failed.lastError()).hasValueSatisfying(e -> assertThat(e).contains("no disks found"));
        var status = conductor.expect(200, conductor.get("/v1/introspection/" + node, "latest"));
        assertThat(status.body().get("error").asText()).contains("no disks found");
    }

    @Test
    void theStatusSaysStartingWhileTheBootIsPreparedThenWaitingForTheRamdisk() throws Exception {
        var reply = conductor.expect(201, conductor.post("/v1/nodes", "{\"driver\":\"fake-hardware\","
                + "\"inspect_interface\":\"agent\",\"name\":\"insp\"}", "latest"));
        UUID node = UUID.fromString(reply.body().get("uuid").asText());
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        CountDownLatch rebooting = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        conductor.power.beforeReboot(n -> {
            rebooting.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });

        conductor.provision(node, "inspect");
        assertThat(rebooting.await(10, TimeUnit.SECONDS)).as("the inspection's reboot began").isTrue();
        var starting = conductor.expect(200, conductor.get("/v1/introspection/" + node, "latest")).body();
        assertThat(starting.get("state").asText()).as("no report yet: inspector's starting, not processing")
                .isEqualTo("starting");
        assertThat(starting.get("finished").asBoolean()).isFalse();
        release.countDown();

        conductor.await(node, ProvisionState.INSPECT_WAIT);
        assertThat(conductor.get("/v1/introspection/" + node, "latest").body().get("state").asText())
                .isEqualTo("waiting");
    }

    @Test
    void theRamdiskGetsItsAnswerBeforeTheNodeIsPoweredOff() throws Exception {
        UUID node = waitingNode(",\"driver_info\":{\"ipmi_address\":\"192.0.2.12\"}");
        // A BMC whose power-off only returns once the ramdisk has had its answer (and so could stop):
        // answering after the power-off would wait on it forever; here the wait is bounded and then fails.
        CountDownLatch answered = new CountDownLatch(1);
        conductor.power.beforePowerOff(n -> {
            try {
                if (!answered.await(10, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("BMC timed out waiting for the ramdisk to stop");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        });

        HttpResponse<String> answer = postContinue(ipaReport("192.0.2.12").toString());

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        assertThat(conductor.json.readTree(answer.body()).get("uuid").asText()).isEqualTo(node.toString());
        Node recorded = conductor.store.nodes().get(node);
        assertThat(recorded.provisionState()).isEqualTo(ProvisionState.INSPECTING);
        assertThat(recorded.properties().string("cpu_arch")).contains("x86_64");
        assertThat(conductor.store.introspection().load(node, IntrospectionDataKind.PROCESSED)).isPresent();
        var processing = conductor.get("/v1/introspection/" + node, "latest").body();
        assertThat(processing.get("finished").asBoolean()).isFalse();
        assertThat(processing.get("state").asText()).as("report in, power-off pending").isEqualTo("processing");
        answered.countDown();

        Node inspected = conductor.await(node, ProvisionState.MANAGEABLE);
        assertThat(inspected.powerState()).contains(PowerState.POWER_OFF);
        assertThat(inspected.lastError()).isEmpty();
        assertThat(conductor.power.calls()).contains(node + " off");
    }

    @Test
    void aFailedPowerOffAfterInspectionFailsTheNodeWithTheBmcError() throws Exception {
        UUID node = waitingNode(",\"driver_info\":{\"ipmi_address\":\"192.0.2.13\"}");
        conductor.power.beforePowerOff(n -> {
            throw new IllegalStateException("BMC 192.0.2.13 refused the chassis command");
        });

        HttpResponse<String> answer = postContinue(ipaReport("192.0.2.13").toString());

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        Node failed = conductor.await(node, ProvisionState.INSPECT_FAILED);
        assertThat(failed.lastError()).hasValueSatisfying(e -> assertThat(e)
                .contains("Failed to power off node " + node).contains("refused the chassis command"));
        assertThat(conductor.store.history().list(node)).anySatisfy(event -> {
            assertThat(event.toState()).isEqualTo(ProvisionState.INSPECT_FAILED);
            assertThat(event.severity()).isEqualTo(NodeEvent.Severity.ERROR);
            assertThat(event.message()).contains("refused the chassis command");
        });
        var status = conductor.expect(200, conductor.get("/v1/introspection/" + node, "latest"));
        assertThat(status.body().get("error").asText()).contains("Failed to power off");
    }
}
