package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Clean and service steps are watched to their end as deploy steps are ({@link CommandWatcher}): one heartbeat
 * starts the first step, and each step's end starts the next and finally ends the flow, with no further
 * heartbeat (IPA would hold each prompt one back for 5 s after the previous).
 */
class StepWatchFlowTest {
    private static final String MAC = "02:fc:00:00:00:51";
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;
    private final FakeAgent agent = flow.agent();

    private UUID enrolled(FlowConfig config) {
        conductor = flow.start(config);
        UUID node = conductor.createNode("watched-steps", MAC, FlowFixture.DIRECT_RAW_IMAGE);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        return node;
    }

    @Test
    void automatedCleaningRunsEveryStepFromOneHeartbeat() {
        UUID node = enrolled(FlowConfig.defaults());
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        agent.answerWaits(FakeAgent.WaitAnswer.FINISHED);

        conductor.heartbeat(agent, node, conductor.lookup(agent, MAC));

        Node available = conductor.awaitNode(node, n -> n.provisionState() == ProvisionState.AVAILABLE,
                "became available");
        assertThat(available.lastError()).isEmpty();
        assertThat(agent.stepsRun("clean.execute_clean_step")).containsExactly("erase_devices_metadata", "erase_devices");
        assertThat(agent.awaited()).as("each running step watched once").hasSize(2).doesNotHaveDuplicates();
    }

    @Test
    void aCleanStepStillRunningWhenTheWatchEndsIsLeftToTheHeartbeats() {
        UUID node = enrolled(FlowConfig.defaults());
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        agent.answerWaits(FakeAgent.WaitAnswer.STILL_RUNNING);
        String token = conductor.lookup(agent, MAC);

        conductor.heartbeat(agent, node, token);
        conductor.awaitNode(node, n -> !agent.awaited().isEmpty(), "had its first step watched");
        FlowFixture.sleep(300);

        Node waiting = conductor.store.nodes().get(node);
        assertThat(waiting.provisionState()).isEqualTo(ProvisionState.CLEAN_WAIT);
        assertThat(agent.stepsRun("clean.execute_clean_step")).containsExactly("erase_devices_metadata");
        Node available = conductor.heartbeatUntil(agent, node, token, ProvisionState.AVAILABLE, "");
        assertThat(available.lastError()).isEmpty();
        assertThat(agent.stepsRun("clean.execute_clean_step")).containsExactly("erase_devices_metadata", "erase_devices");
    }

    @Test
    void aServiceStepsEndReturnsTheNodeToActiveWithoutAnotherHeartbeat() {
        UUID node = enrolled(FlowConfig.defaults().withAutomatedClean(false));
        conductor.await(node, ProvisionState.AVAILABLE);
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);
        conductor.provisionWith(node, "{\"target\":\"service\",\"service_steps\":[{\"interface\":\"raid\","
                + "\"step\":\"delete_configuration\"}]}");
        conductor.await(node, ProvisionState.SERVICE_WAIT);
        agent.answerWaits(FakeAgent.WaitAnswer.FINISHED);

        conductor.heartbeat(agent, node, conductor.lookup(agent, MAC));

        Node active = conductor.awaitNode(node, n -> n.provisionState() == ProvisionState.ACTIVE, "was active again");
        assertThat(active.lastError()).isEmpty();
        assertThat(agent.stepsRun("service.execute_service_step")).containsExactly("delete_configuration");
        assertThat(agent.awaited()).hasSize(1);
    }
}
