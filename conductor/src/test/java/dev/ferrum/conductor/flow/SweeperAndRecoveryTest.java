package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.periodic.Recovery;
import dev.ferrum.conductor.periodic.Sweeper;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeMutation;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Deadlines are enforced by the sweeper; a restart leaves no node in a transient state. */
class SweeperAndRecoveryTest {
    private static final String MAC = "02:fc:00:00:00:09";
    @TempDir
    Path temp;
    private FlowFixture conductor;

    @AfterEach
    void stop() {
        conductor.close();
    }

    @Test
    void aNodeWaitingPastItsDeadlineFailsNamingStateAndLimit() {
        FlowConfig config = FlowConfig.defaults().withAutomatedClean(false);
        conductor = new FlowFixture(temp, config);
        UUID node = conductor.createNode("node-1", MAC, ",\"deploy_interface\":\"direct\",\"instance_info\":"
                + "{\"image_source\":\"http://127.0.0.1:1/disk.raw\"}");
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        Sweeper sweeper = new Sweeper(conductor.store, FlowFixture.CONDUCTOR, conductor.clock, config);

        assertThat(sweeper.sweepOnce()).isEmpty();
        conductor.clock.advance(Duration.ofMinutes(31));
        assertThat(sweeper.sweepOnce()).containsExactly(node);

        Node failed = conductor.store.nodes().get(node);
        assertThat(failed.provisionState()).isEqualTo(ProvisionState.DEPLOY_FAILED);
        assertThat(failed.lastError()).hasValueSatisfying(error -> assertThat(error)
                .contains("wait call-back").contains("1800 s"));
        assertThat(failed.internal().waitDeadline()).isEmpty();
    }

    @Test
    void recoveryFailsNodesLeftMidFlowAndFreesTheirLocks() {
        conductor = new FlowFixture(temp, FlowConfig.defaults());
        UUID node = conductor.createNode("node-1", MAC, "");
        // A dead conductor left the node deploying and locked.
        conductor.store.locks().withLock(node, "dead-conductor", lock -> {
            Node n = conductor.store.nodes().get(node);
            n = conductor.store.transition(lock, n.version(), n.provisionState(), ProvisionEvent.MANAGE, NodeMutation.none());
            n = conductor.store.transition(lock, n.version(), n.provisionState(), ProvisionEvent.DONE, NodeMutation.none());
            n = conductor.store.transition(lock, n.version(), n.provisionState(), ProvisionEvent.PROVIDE, NodeMutation.none());
            n = conductor.store.transition(lock, n.version(), n.provisionState(), ProvisionEvent.DONE, NodeMutation.none());
            return conductor.store.transition(lock, n.version(), n.provisionState(), ProvisionEvent.DEPLOY,
                    NodeMutation.none());
        });
        conductor.store.locks().acquire(node, "dead-conductor");

        assertThat(new Recovery(conductor.store, FlowFixture.CONDUCTOR, Duration.ofMinutes(1)).recover())
                .containsExactly(node);

        Node failed = conductor.store.nodes().get(node);
        assertThat(failed.provisionState()).isEqualTo(ProvisionState.DEPLOY_FAILED);
        assertThat(failed.reservation()).isEmpty();
        assertThat(failed.lastError()).hasValueSatisfying(error -> assertThat(error).contains("deploying"));
    }
}
