package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.allocation.Allocation;
import dev.ferrum.conductor.allocation.AllocationRequirements;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.periodic.Recovery;
import dev.ferrum.conductor.periodic.Sweeper;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeMutation;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Deadlines are enforced by the sweeper; a restart, a dead conductor or work that ended unexpectedly
 * leaves no node in a transient state and no allocation half-done.
 */
class SweeperAndRecoveryTest {
    private static final String MAC = "02:fc:00:00:00:09";
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;

    @Test
    void aNodeWaitingPastItsDeadlineFailsNamingStateAndLimit() {
        FlowConfig config = FlowConfig.defaults().withAutomatedClean(false);
        conductor = flow.start(config);
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

    /** Moves a fresh node to {@code deploying} under {@code holder}'s lock, which stays held when asked. */
    private UUID deployingNode(String name, String mac, String holder, boolean keepLocked) {
        UUID node = conductor.createNode(name, mac, "");
        conductor.store.locks().withLock(node, holder, lock -> {
            Node n = conductor.store.nodes().get(node);
            for (ProvisionEvent event : List.of(ProvisionEvent.MANAGE, ProvisionEvent.DONE,
                    ProvisionEvent.PROVIDE, ProvisionEvent.DONE, ProvisionEvent.DEPLOY)) {
                n = conductor.store.transition(lock, n.version(), n.provisionState(), event, NodeMutation.none());
            }
            return n;
        });
        if (keepLocked) {
            conductor.store.locks().acquire(node, holder);
        }
        return node;
    }

    @Test
    void aRunningConductorTakesOverOnlyTheNodesADeadConductorHeld() {
        conductor = flow.start(FlowConfig.defaults());
        conductor.store.conductors().register("dead-conductor", List.of("fake-hardware"), "");
        conductor.store.conductors().register(FlowFixture.CONDUCTOR, List.of("fake-hardware"), "");
        UUID orphaned = deployingNode("orphaned", MAC, "dead-conductor", true);
        // Unlocked between two steps of a live conductor's work: not the dead conductor's to give up.
        UUID inFlight = deployingNode("in-flight", "02:fc:00:00:00:0a", FlowFixture.CONDUCTOR, false);
        Recovery recovery = new Recovery(conductor.store, FlowFixture.CONDUCTOR, Duration.ofMinutes(1),
                conductor.clock);

        assertThat(recovery.takeOverDeadConductors()).as("the dead conductor's heartbeat is still recent").isEmpty();
        assertThat(conductor.store.nodes().get(orphaned).reservation()).contains("dead-conductor");

        conductor.clock.advance(Duration.ofSeconds(90));
        conductor.store.conductors().heartbeat(FlowFixture.CONDUCTOR);
        assertThat(recovery.takeOverDeadConductors()).containsExactly(orphaned);
        assertThat(conductor.store.history().list(orphaned)).filteredOn(e -> e.event().equals("lock.broken"))
                .singleElement().satisfies(e -> assertThat(e.message()).contains(FlowFixture.CONDUCTOR));

        Node failed = conductor.store.nodes().get(orphaned);
        assertThat(failed.provisionState()).isEqualTo(ProvisionState.DEPLOY_FAILED);
        assertThat(failed.reservation()).isEmpty();
        assertThat(failed.lastError()).hasValueSatisfying(error -> assertThat(error).contains("\"deploying\"")
                .contains("took over"));
        assertThat(conductor.store.nodes().get(inFlight).provisionState()).isEqualTo(ProvisionState.DEPLOYING);
        assertThat(recovery.takeOverDeadConductors()).isEmpty();

        // Unlocked in "deploying" for over twice the timeout: no live conductor leaves a node so; orphaned.
        conductor.clock.advance(Duration.ofSeconds(31));
        conductor.store.conductors().heartbeat(FlowFixture.CONDUCTOR);
        assertThat(recovery.takeOverDeadConductors()).containsExactly(inFlight);
        assertThat(conductor.store.nodes().get(inFlight).lastError()).hasValueSatisfying(error ->
                assertThat(error).contains("\"deploying\"").contains("after no conductor had worked on it for 120 s"));
    }

    @Test
    void aNodeLeftInspectingAfterItsReportIsFailedNamingTheLostPowerOff() {
        conductor = flow.start(FlowConfig.defaults());
        conductor.store.conductors().register(FlowFixture.CONDUCTOR, List.of("fake-hardware"), "");
        UUID node = conductor.createNode("inspected", MAC, "");
        // The report was processed (inspect wait -> inspecting) and the lock released; the power-off task
        // that would finish the inspection never got the lock, so nothing moves the node on.
        conductor.store.locks().withLock(node, FlowFixture.CONDUCTOR, lock -> {
            Node n = conductor.store.nodes().get(node);
            for (ProvisionEvent event : List.of(ProvisionEvent.MANAGE, ProvisionEvent.DONE, ProvisionEvent.INSPECT,
                    ProvisionEvent.WAIT, ProvisionEvent.RESUME)) {
                n = conductor.store.transition(lock, n.version(), n.provisionState(), event, NodeMutation.none());
            }
            return n;
        });
        assertThat(conductor.store.nodes().get(node).provisionState()).isEqualTo(ProvisionState.INSPECTING);
        Recovery recovery = new Recovery(conductor.store, FlowFixture.CONDUCTOR, Duration.ofMinutes(1),
                conductor.clock);
        Sweeper sweeper = new Sweeper(conductor.store, FlowFixture.CONDUCTOR, conductor.clock, FlowConfig.defaults());

        conductor.clock.advance(Duration.ofSeconds(90));
        conductor.store.conductors().heartbeat(FlowFixture.CONDUCTOR);
        assertThat(sweeper.sweepOnce()).isEmpty();
        assertThat(recovery.takeOverDeadConductors()).as("a live conductor may still be on it").isEmpty();

        conductor.clock.advance(Duration.ofSeconds(31));
        conductor.store.conductors().heartbeat(FlowFixture.CONDUCTOR);
        assertThat(recovery.takeOverDeadConductors()).containsExactly(node);

        Node failed = conductor.store.nodes().get(node);
        assertThat(failed.provisionState()).isEqualTo(ProvisionState.INSPECT_FAILED);
        assertThat(failed.reservation()).isEmpty();
        assertThat(failed.lastError()).hasValueSatisfying(error -> assertThat(error)
                .startsWith("Inspection did not finish").contains("\"inspecting\"").contains("powers the node off")
                .contains("could not lock the node").contains("120 s").contains("inspect again"));
    }

    @Test
    void allocationsAbandonedMidWayAreSettledOnceStale() {
        conductor = flow.start(FlowConfig.defaults());
        conductor.store.conductors().register(FlowFixture.CONDUCTOR, List.of("fake-hardware"), "");
        UUID node = conductor.createNode("claimed", MAC, "");
        var wants = new AllocationRequirements("baremetal", List.of(),
                List.of(), Optional.empty(), Optional.empty(), Optional.empty(),
                false);
        var claimedOne = conductor.store.allocations().create(Allocation.requested(
                UUID.randomUUID(), Optional.of("claimed"), wants, JsonDict.empty(),
                Optional.empty(), conductor.clock.instant()));
        var lostOne = conductor.store.allocations().create(Allocation.requested(
                UUID.randomUUID(), Optional.of("lost"), wants, JsonDict.empty(),
                Optional.empty(), conductor.clock.instant()));
        // The dead conductor got as far as claiming a node for the first allocation.
        conductor.store.locks().withLock(node, "dead-conductor", lock -> conductor.store.nodes().update(lock,
                conductor.store.nodes().get(node).version(), b -> b.instanceUuid(Optional.of(claimedOne.uuid()))));
        Recovery recovery = new Recovery(conductor.store, FlowFixture.CONDUCTOR, Duration.ofMinutes(1),
                conductor.clock);

        recovery.takeOverDeadConductors();
        assertThat(conductor.store.allocations().find(lostOne.uuid()).orElseThrow().state())
                .as("too recent: may still be in progress").isEqualTo(Allocation.State.ALLOCATING);

        conductor.clock.advance(Duration.ofMinutes(3));
        conductor.store.conductors().heartbeat(FlowFixture.CONDUCTOR);
        recovery.takeOverDeadConductors();

        var granted = conductor.store.allocations().find(claimedOne.uuid()).orElseThrow();
        assertThat(granted.state()).isEqualTo(Allocation.State.ACTIVE);
        assertThat(granted.nodeUuid()).contains(node);
        var failed = conductor.store.allocations().find(lostOne.uuid()).orElseThrow();
        assertThat(failed.state()).isEqualTo(Allocation.State.ERROR);
        assertThat(failed.lastError()).hasValueSatisfying(error -> assertThat(error).contains("stopped"));
    }

    @Test
    void aRestartFailsTheNodesItHeldButLeavesOtherUnlockedOnesToTheirConductor() {
        conductor = flow.start(FlowConfig.defaults());
        conductor.store.conductors().register(FlowFixture.CONDUCTOR, List.of("fake-hardware"), "");
        conductor.store.conductors().register("live-peer", List.of("fake-hardware"), "");
        UUID mine = deployingNode("mine", MAC, FlowFixture.CONDUCTOR, true);
        UUID peers = deployingNode("peers", "02:fc:00:00:00:0a", "live-peer", false);

        assertThat(new Recovery(conductor.store, FlowFixture.CONDUCTOR, Duration.ofMinutes(1), conductor.clock)
                .recover()).containsExactly(mine);

        assertThat(conductor.store.nodes().get(mine).lastError()).hasValueSatisfying(error ->
                assertThat(error).contains("when it restarted"));
        assertThat(conductor.store.nodes().get(mine).reservation()).isEmpty();
        assertThat(conductor.store.nodes().get(peers).provisionState()).isEqualTo(ProvisionState.DEPLOYING);
    }

    @Test
    void recoveryFailsNodesLeftMidFlowAndFreesTheirLocks() {
        conductor = flow.start(FlowConfig.defaults());
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

        assertThat(new Recovery(conductor.store, FlowFixture.CONDUCTOR, Duration.ofMinutes(1), conductor.clock)
                .recover())
                .containsExactly(node);

        Node failed = conductor.store.nodes().get(node);
        assertThat(failed.provisionState()).isEqualTo(ProvisionState.DEPLOY_FAILED);
        assertThat(failed.reservation()).isEmpty();
        assertThat(failed.lastError()).hasValueSatisfying(error -> assertThat(error).contains("deploying"));
    }
}
