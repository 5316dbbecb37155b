package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A deploy step the agent finishes moves the deploy on when it finishes ({@link CommandWatcher}), not at the
 * agent's next heartbeat, which IPA holds back for 5 s after the previous one; a watch that learns nothing
 * leaves the flow to the heartbeats.
 */
class CommandWatcherFlowTest {
    private static final String MAC = "02:fc:00:00:00:31";
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;
    private final FakeAgent agent = flow.agent();
    private UUID node;

    @BeforeEach
    void deployWaiting() {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false));
        node = conductor.deployWaiting("watched", MAC);
    }

    @Test
    void aWriteThatFinishesMovesTheDeployToActiveWithoutAnotherHeartbeat() {
        agent.answerWaits(FakeAgent.WaitAnswer.FINISHED);
        String token = conductor.lookup(agent, MAC);

        conductor.heartbeat(agent, node, token);

        Node active = conductor.awaitNode(node, n -> n.provisionState() == ProvisionState.ACTIVE, "became active");
        assertThat(active.lastError()).isEmpty();
        assertThat(agent.stepsRun("deploy.execute_deploy_step")).containsExactly("write_image");
        // The one command watched is the write the flow started; the rest of the deploy followed from its end.
        assertThat(agent.awaited()).hasSize(1);
        assertThat(agent.receivedNames()).containsSubsequence("deploy.execute_deploy_step",
                "standby.get_partition_uuids", "standby.sync");
    }

    @Test
    void aWatchThatSeesTheStepStillRunningLeavesTheDeployToTheNextHeartbeat() {
        agent.answerWaits(FakeAgent.WaitAnswer.STILL_RUNNING);
        String token = conductor.lookup(agent, MAC);

        conductor.heartbeat(agent, node, token);
        conductor.awaitNode(node, n -> !agent.awaited().isEmpty(), "had its write watched");
        FlowFixture.sleep(300);

        Node waiting = conductor.store.nodes().get(node);
        assertThat(waiting.provisionState()).isEqualTo(ProvisionState.DEPLOY_WAIT);
        assertThat(waiting.internal().stepPlan().flatMap(p -> p.current()).map(p -> p.step().step()))
                .contains("write_image");
        // The next heartbeat reads the finished write (the fake's listing ends it) and the deploy goes on.
        Node active = conductor.heartbeatUntil(agent, node, token, ProvisionState.ACTIVE, "");
        assertThat(active.lastError()).isEmpty();
        assertThat(agent.awaited()).hasSize(1);
    }
}
