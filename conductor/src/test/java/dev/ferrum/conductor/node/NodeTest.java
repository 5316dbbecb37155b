package dev.ferrum.conductor.node;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.protocol.step.Step;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class NodeTest {
    private static final UUID ID = UUID.fromString("294b4cd2-92d1-49b8-92d1-4d5a69492e31");
    private static final Instant T0 = Instant.parse("2026-11-22T02:19:35.598981123Z");

    private static JsonDict dict(String text) throws Exception {
        return JsonDict.of((ObjectNode) JsonMapper.builder().build().readTree(text));
    }

    @Test
    void aNewNodeIsEnrolledWithNothingSet() {
        Node node = Node.builder(ID, "ipmi", T0).build();

        assertThat(node.provisionState()).isEqualTo(ProvisionState.ENROLL);
        assertThat(node.targetProvisionState()).isEmpty();
        assertThat(node.powerState()).isEmpty();
        assertThat(node.maintenance()).isFalse();
        assertThat(node.traits()).isEmpty();
        assertThat(node.createdAt()).as("kept to the microsecond").isEqualTo(Instant.parse("2026-11-22T02:19:35.598981Z"));
    }

    @Test
    void secretsAreMaskedOnOutputOnly() throws Exception {
        Node node = Node.builder(ID, "ipmi", T0)
                .driverInfo(dict("{\"ipmi_address\": \"10.0.0.9\", \"ipmi_username\": \"admin\","
                        + " \"ipmi_password\": \"hunter2\", \"redfish_password\": \"x\", \"snmp_auth_key\": \"k\","
                        + " \"nested\": {\"password\": \"p\"}, \"deploy_kernel\": \"http://h/k\"}"))
                .instanceInfo(dict("{\"image_source\": \"http://h/img\", \"configdrive\": \"H4sI...\"}"))
                .build();

        JsonDict masked = node.maskedDriverInfo();

        assertThat(masked.string("ipmi_password")).contains("******");
        assertThat(masked.string("redfish_password")).contains("******");
        assertThat(masked.string("snmp_auth_key")).contains("******");
        assertThat(masked.get("nested").orElseThrow().get("password").asText()).isEqualTo("******");
        assertThat(masked.string("ipmi_username")).contains("admin");
        assertThat(masked.string("deploy_kernel")).contains("http://h/k");
        assertThat(node.driverInfo().string("ipmi_password")).as("stored value untouched").contains("hunter2");
        assertThat(node.maskedInstanceInfo().string("configdrive")).contains("******");
        assertThat(node.maskedInstanceInfo().string("image_source")).contains("http://h/img");
    }

    @Test
    void bmcAddressComesFromDriverInfo() throws Exception {
        assertThat(Node.builder(ID, "ipmi", T0).driverInfo(dict("{\"ipmi_address\": \"10.0.0.9\"}")).build()
                .bmcAddress()).contains("10.0.0.9");
        assertThat(BmcAddress.of(dict("{\"redfish_address\": \"https://BMC.example:8000/redfish/v1\"}")))
                .contains("bmc.example");
        assertThat(BmcAddress.of(dict("{\"redfish_address\": \"https://[fd00::5]:443\"}"))).contains("fd00::5");
        assertThat(BmcAddress.of(dict("{\"ilo_address\": \"192.0.2.4:443\"}"))).contains("192.0.2.4");
        assertThat(BmcAddress.of(JsonDict.empty())).isEmpty();
    }

    @Test
    void namesAreCheckedLikeIronicDoes() {
        assertThat(Node.builder(ID, "ipmi", T0).name("rack1-node_7.lab~x").build().name()).contains("rack1-node_7.lab~x");
        assertThatThrownBy(() -> Node.builder(ID, "ipmi", T0).name("has space").build())
                .isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> Node.builder(ID, "ipmi", T0).name(UUID.randomUUID().toString()).build())
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("looks like a UUID");
        assertThatThrownBy(() -> Node.builder(ID, " ", T0).build()).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void traitsAreDistinctAndValid() {
        Node node = Node.builder(ID, "ipmi", T0).traits(List.of("CUSTOM_GPU", "HW_CPU_X86_VMX", "CUSTOM_GPU")).build();

        assertThat(node.traits()).containsExactly("CUSTOM_GPU", "HW_CPU_X86_VMX");
        assertThatThrownBy(() -> Node.builder(ID, "ipmi", T0).traits(List.of("not-a-trait")).build())
                .isInstanceOf(InvalidInputException.class);
    }

    @Test
    void interfacesAreFilledPerSlot() {
        NodeInterfaces interfaces = NodeInterfaces.none().with(InterfaceKind.BOOT, "ipxe");

        assertThat(interfaces.get(InterfaceKind.BOOT)).contains("ipxe");
        assertThat(interfaces.get(InterfaceKind.DEPLOY)).isEmpty();
        assertThat(NodeInterfaces.allOf("fake").get(InterfaceKind.VENDOR)).contains("fake");
        assertThat(InterfaceKind.MANAGEMENT.fieldName()).isEqualTo("management_interface");
    }

    @Test
    void agentTokensAreLongRandomAndNeverPrinted() {
        AgentToken token = AgentToken.generate(new SecureRandom());

        assertThat(token.value()).hasSize(43).matches("[A-Za-z0-9_-]+");
        assertThat(token.matches(token.value())).isTrue();
        assertThat(token.matches(token.value() + "x")).isFalse();
        assertThat(token.toString()).doesNotContain(token.value());
    }

    @Test
    void stepPlansAdvanceToTheEnd() {
        StepPlan plan = StepPlan.of(StepKind.CLEAN, List.of(
                PlannedStep.of(Step.deploy("erase_devices_metadata", 99)),
                PlannedStep.of(Step.deploy("erase_devices", 10))));

        assertThat(plan.current()).isEmpty();
        StepPlan first = plan.advance().orElseThrow();
        assertThat(first.currentIndex()).contains(0);
        assertThat(first.advance().orElseThrow().advance()).isEmpty();
        assertThatThrownBy(() -> new StepPlan(StepKind.CLEAN, List.of(), Optional.of(0)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
