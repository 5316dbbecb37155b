package dev.ferrum.conductor.node;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.protocol.step.Step;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DriverInternalInfoTest {
    private final ObjectMapper json = JsonMapper.builder().build();

    /** driver_internal_info of a node mid-deploy, captured from a real Ironic 2023.1 driving a real IPA. */
    private ObjectNode ironicSample() throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/node/ironic-driver-internal-info.json")) {
            return (ObjectNode) json.readTree(in);
        }
    }

    @Test
    void readsIronicsShape() throws IOException {
        InternalState state = DriverInternalInfo.fromStored(ironicSample());

        assertThat(state.agentUrl()).contains(URI.create("http://127.0.0.1:9998"));
        assertThat(state.agentVersion()).contains("9.4.3.dev5");
        assertThat(state.agentLastHeartbeat()).contains(Instant.parse("2026-11-22T02:34:21.251687Z"));
        assertThat(state.wholeDiskImage()).contains(true);
        StepPlan plan = state.stepPlan().orElseThrow();
        assertThat(plan.kind()).isEqualTo(StepKind.DEPLOY);
        assertThat(plan.steps()).extracting(s -> s.step().step()).containsExactly("deploy", "write_image",
                "prepare_instance_boot", "tear_down_agent", "switch_to_tenant_network", "boot_instance");
        assertThat(plan.current().orElseThrow().step().step()).isEqualTo("write_image");
        CachedSteps cached = state.agentCachedDeploySteps().orElseThrow();
        assertThat(cached.steps()).extracting(Step::step)
                .containsExactlyInAnyOrder("erase_devices_metadata", "write_image", "inject_files", "apply_configuration");
        assertThat(cached.refreshedAt()).isEqualTo(Instant.parse("2026-11-22T02:34:21.453105Z"));
    }

    @Test
    void storedFormRoundTripsAndKeepsTheToken() {
        AgentToken token = new AgentToken("s3cr3t-token", false);
        InternalState state = InternalState.empty()
                .withAgentToken(token)
                .withHeartbeat(URI.create("http://10.0.0.5:9999"), "1.0.0", Instant.parse("2026-01-02T03:04:05.123456Z"))
                .withStepPlan(Optional.of(StepPlan.of(StepKind.CLEAN,
                        List.of(PlannedStep.of(Step.deploy("erase_devices_metadata", 99)),
                                new PlannedStep(Step.deploy("erase_devices", 10),
                                        JsonDict.empty().with("iterations", "1")))).advance().orElseThrow()))
                .withWaitDeadline(Optional.of(Instant.parse("2026-01-02T03:34:05Z")))
                .withCachedSteps(StepKind.CLEAN, new CachedSteps(List.of(Step.deploy("erase_devices", 10)),
                        java.util.Map.of("generic_hardware_manager", "1.1"), Instant.parse("2026-01-02T03:04:06Z")))
                .withWholeDiskImage(false);

        ObjectNode stored = DriverInternalInfo.toStored(state);

        assertThat(stored.get("agent_secret_token").asText()).isEqualTo("s3cr3t-token");
        assertThat(stored.get("clean_step_index").asInt()).isZero();
        assertThat(stored.path("hardware_manager_version").path("generic_hardware_manager").asText()).isEqualTo("1.1");
        assertThat(stored.get("agent_last_heartbeat").asText()).isEqualTo("2026-01-02T03:04:05.123456");
        assertThat(DriverInternalInfo.fromStored(stored)).isEqualTo(state);
    }

    @Test
    void apiFormMasksTheToken() {
        InternalState state = InternalState.empty().withAgentToken(new AgentToken("s3cr3t-token", false));

        JsonDict rendered = DriverInternalInfo.render(state);

        assertThat(rendered.string("agent_secret_token")).contains("******");
        assertThat(rendered.toString()).doesNotContain("s3cr3t");
    }

    @Test
    void planNotStartedHasNoIndexAsInIronic() {
        InternalState state = InternalState.empty().withStepPlan(Optional.of(
                StepPlan.of(StepKind.DEPLOY, List.of(PlannedStep.of(Step.deploy("deploy", 100))))));

        ObjectNode stored = DriverInternalInfo.toStored(state);

        assertThat(stored.has("deploy_step_index")).isFalse();
        assertThat(stored.has("agent_secret_token_pregenerated")).isFalse();
        assertThat(DriverInternalInfo.fromStored(stored).stepPlan().orElseThrow().current()).isEmpty();
    }

    @Test
    void userDeployStepsAndTheStepRebootFlagsUseIronicsKeysAndRoundTrip() {
        ObjectNode args = JsonMapper.builder().build().createObjectNode().put("duration", 5);
        InternalState state = InternalState.empty()
                .withUserDeploySteps(List.of(new PlannedStep(Step.deploy("burnin_cpu", 70), JsonDict.of(args))))
                .rebootingAfterStep(StepKind.CLEAN);

        ObjectNode stored = DriverInternalInfo.toStored(state);

        assertThat(stored.path("user_deploy_steps").toString()).isEqualTo(
                "[{\"interface\":\"deploy\",\"step\":\"burnin_cpu\",\"args\":{\"duration\":5},\"priority\":70}]");
        assertThat(stored.path("cleaning_reboot").asBoolean()).isTrue();
        assertThat(stored.path("skip_current_clean_step").asBoolean()).isTrue();
        assertThat(stored.has("deployment_reboot")).isFalse();
        InternalState read = DriverInternalInfo.fromStored(stored);
        assertThat(read.userDeploySteps()).extracting(p -> p.step().step() + "@" + p.step().priority()
                + p.args().get("duration").orElseThrow()).containsExactly("burnin_cpu@705");
        assertThat(read.stepReboot()).contains(StepKind.CLEAN);
        assertThat(DriverInternalInfo.fromStored(DriverInternalInfo.toStored(read.withoutStepReboot()))
                .stepReboot()).isEmpty();
    }
}
