package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.driver.bios.FakeBios;
import dev.ferrum.conductor.inspection.InspectionConfig;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.ramdisk.RamdiskConfig;
import dev.ferrum.conductor.state.ProvisionState;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * discoverd's BMC credential setup on the conductor: the operator's request, the credentials in the answer's
 * body to the ramdisk, the out-of-band check before driver_info is written, and the refusal when disabled.
 */
class InspectionCredentialsFlowTest {
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;

    private void start(InspectionConfig inspection) {
        conductor = flow.start(dir -> new FlowFixture(dir, FlowConfig.defaults(), RamdiskConfig.defaults(), new FakeBios(),
                inspection));
    }

    private UUID manageable(String driverInfo) {
        var reply = conductor.expect(201, conductor.post("/v1/nodes", "{\"driver\":\"fake-hardware\","
                + "\"inspect_interface\":\"agent\",\"driver_info\":" + driverInfo + "}", "latest"));
        UUID node = UUID.fromString(reply.body().get("uuid").asText());
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        return node;
    }

    private HttpResponse<String> report(String bmc) throws Exception {
        return InspectionReports.postContinue(conductor, InspectionReports.ipaReport(conductor, bmc, Optional.empty())
                .toString());
    }

    @Test
    void theRamdiskGetsTheCredentialsInTheAnswerAndDriverInfoGetsThemOnceVerified() throws Exception {
        start(InspectionConfig.defaults().settingIpmiCredentials(Duration.ofSeconds(5)));
        UUID node = manageable("{\"ipmi_address\":\"192.0.2.41\"}");
        AtomicReference<Node> poweredOff = new AtomicReference<>();
        conductor.power.beforePowerOff(poweredOff::set);

        conductor.expect(202, conductor.post("/v1/introspection/" + node
                + "?new_ipmi_username=ferrum&new_ipmi_password=n3w-pass", "", "latest"));
        conductor.await(node, ProvisionState.INSPECT_WAIT);
        assertThat(conductor.store.nodes().get(node).driverInfo().string("ipmi_password"))
                .as("nothing is written before the BMC accepted it").isEmpty();
        HttpResponse<String> answer = report("192.0.2.41");

        assertThat(answer.statusCode()).isEqualTo(200);
        JsonNode body = conductor.json.readTree(answer.body());
        assertThat(body.path("ipmi_setup_credentials").asBoolean()).isTrue();
        assertThat(body.path("ipmi_username").asText()).isEqualTo("ferrum");
        assertThat(body.path("ipmi_password").asText()).isEqualTo("n3w-pass");
        Node inspected = conductor.await(node, ProvisionState.MANAGEABLE);
        assertThat(inspected.driverInfo().string("ipmi_username")).contains("ferrum");
        assertThat(inspected.driverInfo().string("ipmi_password")).contains("n3w-pass");
        assertThat(poweredOff.get().driverInfo().string("ipmi_username")).as("powered off with the new user")
                .contains("ferrum");
        assertThat(conductor.store.pendingCredentials().find(node)).isEmpty();
        assertThat(conductor.store.history().list(node)).anySatisfy(e -> assertThat(e.message())
                .contains("BMC user ferrum")).noneSatisfy(e -> assertThat(e.message()).contains("n3w-pass"));
        var shown = conductor.expect(200, conductor.get("/v1/nodes/" + node, "latest"));
        assertThat(shown.raw()).doesNotContain("n3w-pass");
    }

    @Test
    void aBmcThatNeverAcceptsTheCredentialsFailsTheInspectionNamingTheUser() throws Exception {
        start(InspectionConfig.defaults().settingIpmiCredentials(Duration.ofSeconds(1)));
        UUID node = manageable("{\"ipmi_address\":\"192.0.2.42\",\"ipmi_username\":\"ferrum\"}");
        conductor.power.failPowerStateWhen(n -> n.driverInfo().string("ipmi_password").orElse("").equals("n3w-pass"));

        // Only a password: the user stays the one driver_info has, as inspector does.
        conductor.expect(202, conductor.post("/v1/introspection/" + node + "?new_ipmi_password=n3w-pass", "",
                "latest"));
        conductor.await(node, ProvisionState.INSPECT_WAIT);
        assertThat(report("192.0.2.42").statusCode()).isEqualTo(200);

        Node failed = conductor.await(node, ProvisionState.INSPECT_FAILED);
        assertThat(failed.lastError()).hasValueSatisfying(e -> assertThat(e).contains("user ferrum")
                .contains("did not accept").doesNotContain("n3w-pass"));
        assertThat(failed.driverInfo().string("ipmi_password")).isEmpty();
    }

    @Test
    void settingCredentialsIsRefusedWhenDisabledOrIncomplete() {
        start(InspectionConfig.defaults());
        UUID node = manageable("{}");
        var refused = conductor.expect(400, conductor.post("/v1/introspection/" + node
                + "?new_ipmi_username=ferrum&new_ipmi_password=x", "", "latest"));
        assertThat(conductor.fault(refused)).contains("disabled in configuration");
        flow.stop();

        start(InspectionConfig.defaults().settingIpmiCredentials(Duration.ofSeconds(1)));
        UUID other = manageable("{}");
        conductor.expect(400, conductor.post("/v1/introspection/" + other + "?new_ipmi_username=ferrum", "",
                "latest"));
        conductor.expect(400, conductor.post("/v1/introspection/" + other + "?new_ipmi_password=n3w-pass", "",
                "latest"));
        conductor.expect(400, conductor.post("/v1/introspection/" + other
                + "?new_ipmi_username=ferrum&new_ipmi_password=123456789012345678901", "", "latest"));
        assertThat(conductor.store.nodes().get(other).provisionState()).isEqualTo(ProvisionState.MANAGEABLE);
    }
}
