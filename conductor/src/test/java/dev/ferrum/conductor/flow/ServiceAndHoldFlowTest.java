package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.node.StepPlan;
import dev.ferrum.conductor.state.ProvisionState;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Servicing an active node (API 1.87) and Ironic's hold step with unhold (1.85), end to end over real HTTP with a
 * fake IPA: service steps run in the ramdisk and the instance boots again; a hold pauses deploying, cleaning or
 * servicing; an abort while a step that may not be interrupted runs waits for it, as Ironic's abort_after.
 */
class ServiceAndHoldFlowTest {
    private static final String MAC = "02:fc:00:00:00:31";
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;
    private final FakeAgent agent = flow.agent();

    private UUID availableNode() {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false));
        UUID node = conductor.createNode("serviced", MAC, FlowFixture.DIRECT_RAW_IMAGE);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        return node;
    }

    private UUID activeNode() {
        UUID node = availableNode();
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);
        return node;
    }

    private FlowFixture.Reply provision(UUID node, String body, String version) {
        return conductor.send("PUT", "/v1/nodes/" + node + "/states/provision", Optional.of(body), Optional.of(version));
    }

    @Test
    void serviceRunsTheStepsInTheRamdiskThenBootsTheInstanceAgain() {
        UUID node = activeNode();
        conductor.expect(202, provision(node, "{\"target\":\"service\",\"service_steps\":[{\"interface\":\"raid\","
                + "\"step\":\"delete_configuration\"}]}", "1.87"));
        Node waiting = conductor.await(node, ProvisionState.SERVICE_WAIT);
        assertThat(waiting.targetProvisionState()).contains(ProvisionState.ACTIVE);
        assertThat(conductor.boot.calls()).contains(node + " ramdisk SERVICE");

        Node active = conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);

        assertThat(agent.stepsRun("service.execute_service_step")).containsExactly("delete_configuration");
        JsonNode params = agent.received().stream()
                .filter(c -> c.path("name").asText().equals("service.execute_service_step")).findFirst().orElseThrow()
                .path("params");
        // IPA checks the managers' versions it listed the steps with, sent back as service_version.
        assertThat(params.path("service_version").path("generic_hardware_manager").asText()).isEqualTo("1.2");
        assertThat(active.lastError()).isEmpty();
        assertThat(active.powerState()).contains(PowerState.POWER_ON);
        assertThat(active.internal().stepPlan()).isEmpty();
        assertThat(active.internal().agentUrl()).isEmpty();
        assertThat(conductor.boot.calls()).last().isEqualTo(node + " instance");
        assertThat(conductor.store.history().list(node).stream().map(e -> e.toState().wireName()))
                .containsSubsequence("active", "servicing", "service wait", "servicing", "active");
    }

    @Test
    void aFailedServiceStepLeavesServiceFailedNamingTheStep() {
        UUID node = activeNode();
        conductor.provisionWith(node, "{\"target\":\"service\",\"service_steps\":[{\"interface\":\"deploy\","
                + "\"step\":\"no_such_step\"}]}");
        conductor.await(node, ProvisionState.SERVICE_WAIT);
        heartbeatOnce(node);
        Node failed = conductor.await(node, ProvisionState.SERVICE_FAILED);
        assertThat(failed.lastError().orElseThrow()).contains("deploy.no_such_step").contains("service");
        // A failed service may be retried or aborted back to active, as Ironic's table allows.
        conductor.expect(202, provision(node, "{\"target\":\"abort\"}", "1.87"));
        Node active = conductor.await(node, ProvisionState.ACTIVE);
        assertThat(active.lastError().orElseThrow()).startsWith("By request, the service operation was aborted");
    }

    @Test
    void aHoldStepPausesServicingUntilUnhold() {
        UUID node = activeNode();
        conductor.provisionWith(node, "{\"target\":\"service\",\"service_steps\":["
                + "{\"interface\":\"raid\",\"step\":\"delete_configuration\"},"
                + "{\"interface\":\"deploy\",\"step\":\"hold\"},"
                + "{\"interface\":\"deploy\",\"step\":\"burnin_cpu\"}]}");
        conductor.await(node, ProvisionState.SERVICE_WAIT);
        String token = heartbeatOnce(node);
        Node held = heartbeatUntil(node, token, ProvisionState.SERVICE_HOLD);
        assertThat(agent.stepsRun("service.execute_service_step")).containsExactly("delete_configuration");
        assertThat(held.internal().waitDeadline()).isEmpty();
        assertThat(conductor.get("/v1/nodes/" + node, "1.87").body().path("service_step").path("step").asText())
                .isEqualTo("hold");

        assertThat(provision(node, "{\"target\":\"unhold\"}", "1.84").status()).isEqualTo(406);
        conductor.expect(202, provision(node, "{\"target\":\"unhold\"}", "1.85"));
        // The agent kept running through the hold: it heartbeats on with its token.
        heartbeatUntil(node, token, ProvisionState.ACTIVE);
        assertThat(agent.stepsRun("service.execute_service_step")).containsExactly("delete_configuration",
                "burnin_cpu");
    }

    @Test
    void anAbortWhileAStepThatMayNotBeInterruptedRunsTakesEffectAfterIt() {
        UUID node = activeNode();
        conductor.provisionWith(node, "{\"target\":\"service\",\"service_steps\":[{\"interface\":\"deploy\","
                + "\"step\":\"burnin_cpu\"},{\"interface\":\"raid\",\"step\":\"delete_configuration\"}]}");
        conductor.await(node, ProvisionState.SERVICE_WAIT);
        String token = heartbeatOnce(node);
        Node running = awaitRunningStep(node);
        assertThat(running.internal().stepPlan().flatMap(StepPlan::current).map(p -> p.step().step()))
                .contains("burnin_cpu");

        conductor.expect(202, provision(node, "{\"target\":\"abort\"}", "1.87"));
        Node marked = conductor.store.nodes().get(node);
        assertThat(marked.provisionState()).isEqualTo(ProvisionState.SERVICE_WAIT);
        assertThat(marked.internal().stepPlan().flatMap(StepPlan::current).map(PlannedStep::abortAfter)).contains(true);
        assertThat(marked.driverInternalInfo().toObjectNode().path("service_steps").get(0).path("abort_after")
                .asBoolean()).isTrue();

        // The next heartbeat finds the step over: servicing aborts instead of running the next step.
        heartbeat(node, token);
        Node aborted = conductor.await(node, ProvisionState.ACTIVE);
        assertThat(aborted.lastError().orElseThrow()).contains("aborted after the completion of step"
                + " \"deploy.burnin_cpu\"");
        assertThat(agent.stepsRun("service.execute_service_step")).containsExactly("burnin_cpu");
        awaitBootCall(node + " instance");
    }

    @Test
    void aHoldDeployStepPausesTheDeployInDeployHold() {
        UUID node = availableNode();
        conductor.provisionWith(node, "{\"target\":\"active\",\"deploy_steps\":[{\"interface\":\"deploy\","
                + "\"step\":\"hold\",\"args\":{},\"priority\":90}]}");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        String token = heartbeatOnce(node);
        heartbeatUntil(node, token, ProvisionState.DEPLOY_HOLD);
        assertThat(agent.stepsRun("deploy.execute_deploy_step")).isEmpty();
        assertThat(provision(node, "{\"target\":\"unhold\"}", "1.84").status()).isEqualTo(406);
        conductor.expect(202, provision(node, "{\"target\":\"unhold\"}", "1.85"));
        heartbeatUntil(node, token, ProvisionState.ACTIVE);
        assertThat(agent.stepsRun("deploy.execute_deploy_step")).containsExactly("write_image");
    }

    /** A manageable node whose manual clean is only a hold, now in clean hold. */
    private UUID heldManualClean() {
        conductor = flow.start(FlowConfig.defaults());
        UUID node = conductor.createNode("cleaned", MAC, FlowFixture.DIRECT_RAW_IMAGE);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":[{\"interface\":\"deploy\","
                + "\"step\":\"hold\"}]}");
        conductor.await(node, ProvisionState.CLEAN_HOLD);
        return node;
    }

    @Test
    void aHoldCleanStepPausesCleaningAndAnAbortThereTakesEffectAtUnhold() {
        UUID node = heldManualClean();
        // Nothing but the hold was asked for: no ramdisk boots, as for steps the conductor runs itself.
        assertThat(conductor.boot.calls()).noneMatch(call -> call.contains("ramdisk"));
        // Ironic's hold step is not abortable: the abort is recorded and happens once the hold is released.
        conductor.expect(202, provision(node, "{\"target\":\"abort\"}", "1.85"));
        assertThat(conductor.store.nodes().get(node).provisionState()).isEqualTo(ProvisionState.CLEAN_HOLD);
        conductor.expect(202, provision(node, "{\"target\":\"unhold\"}", "1.85"));
        Node failed = conductor.await(node, ProvisionState.CLEAN_FAILED);
        assertThat(failed.lastError().orElseThrow()).contains("clean operation was aborted")
                .contains("deploy.hold");
    }

    @Test
    void unholdWithoutAbortFinishesAHeldManualClean() {
        UUID node = heldManualClean();
        conductor.expect(202, provision(node, "{\"target\":\"unhold\"}", "1.85"));
        Node done = conductor.await(node, ProvisionState.MANAGEABLE);
        assertThat(done.lastError()).isEmpty();
    }

    private String heartbeatOnce(UUID node) {
        String token = conductor.lookup(agent, MAC);
        heartbeat(node, token);
        return token;
    }

    private void heartbeat(UUID node, String token) {
        conductor.expect(202, conductor.post("/v1/heartbeat/" + node, "{\"callback_url\":\"" + agent.url()
                + "\",\"agent_token\":\"" + token + "\",\"agent_version\":\"9.4.3\"}", "1.68"));
    }

    private Node heartbeatUntil(UUID node, String token, ProvisionState state) {
        return conductor.heartbeatUntil(agent, node, token, state, "");
    }

    private Node awaitRunningStep(UUID node) {
        Instant until = Instant.now().plusSeconds(20);
        while (Instant.now().isBefore(until)) {
            Node current = conductor.store.nodes().get(node);
            if (current.reservation().isEmpty() && current.provisionState() == ProvisionState.SERVICE_WAIT
                    && current.internal().stepPlan().flatMap(StepPlan::current).isPresent()) {
                return current;
            }
            FlowFixture.sleep(20);
        }
        throw new AssertionError("no service step started on " + node);
    }

    private void awaitBootCall(String call) {
        for (int i = 0; i < 200 && !conductor.boot.calls().contains(call); i++) {
            FlowFixture.sleep(25);
        }
        assertThat(conductor.boot.calls()).contains(call);
    }
}
